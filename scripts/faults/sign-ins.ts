// Fault test: sign-in knows who is asking, and crowds wait rather than fail. Assay's server
// (scripts/serve.mjs) on a fresh database, clients on distinct loopback addresses (127.0.0.x, each
// request's socket bound to its address). Checks, each of which today's `next start` failed:
// 1. a client that names a new X-Forwarded-For on every wrong password is still slowed after 5;
// 2. failures sent in another client's name (its address in the header) do not keep that client out;
// 3. a client flooding sign-ins does not keep another client's right password out;
// 4. 200 sign-ins from 200 addresses, and 50 from one address (a class behind one router), arriving
//    together, all succeed.
// It prints how long the sign-ins took (a figure, not a check). argv[2]: the production build's folder.
import { randomUUID } from "node:crypto";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { hashPassword } from "@/lib/server/users/password";
import { freePorts } from "../lib/free-ports.mjs";
import { signInFrom } from "../lib/http-from";
import { startNextServer, waitUntilUp } from "../lib/next-server";

const distDir = process.argv[2] ?? ".next-test";
const PASSWORD = "sign-in-fault-password";
const CROWD = 200;
const CLASS = 50;
const problems: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) problems.push(message);
};
const log = (m: string) => process.stderr.write(`[sign-ins ${Math.round(performance.now())} ms] ${m}\n`);

// accounts: one hash for all (scrypt costs 100 ms each)
const run = randomUUID().slice(0, 8);
const email = (who: string) => `signin-${run}-${who}@assay.local`;
const db = await getDb();
const passwordHash = await hashPassword(PASSWORD);
const names = [
  "target",
  "victim",
  "flooder",
  "bystander",
  ...Array.from({ length: CROWD }, (_, i) => `crowd-${i}`),
  ...Array.from({ length: CLASS }, (_, i) => `class-${i}`),
];
await db.user.createMany({
  data: names.map((who) => ({ email: email(who), name: who, role: "annotator", passwordHash })),
});
await closeSharedConnections();
await closeDb();

const [port] = await freePorts(1);
const { server, base } = startNextServer({ port: port!, distDir, secret: "fault-test-secret-0123456789abcdef" });
const at = (i: number) => `127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 2}`; // 127.0.1.2 ...
const forged = () => ({ "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
try {
  await waitUntilUp(server, base);

  // 1. evasion: a fresh header on every wrong password
  const evader = "127.0.0.20";
  const outcomes: string[] = [];
  for (let i = 0; i < 25; i++) outcomes.push(await signInFrom(evader, base, email("target"), `guess-${i}`, forged()));
  check(
    outcomes.slice(0, 5).every((o) => o === "CredentialsSignin") &&
      outcomes.slice(5).every((o) => o === "too_many_attempts"),
    `evasion: a client naming a new address each time was not slowed after 5 failures: ${outcomes.join(", ")}`,
  );
  const evaderRight = await signInFrom(evader, base, email("target"), PASSWORD, forged());
  check(
    evaderRight === "too_many_attempts",
    `evasion: the evader then signed in with the right password (${evaderRight})`,
  );

  // 2. in someone else's name: failures sent with the victim's address in the header
  const victim = "127.0.0.22";
  for (let i = 0; i < 7; i++)
    await signInFrom("127.0.0.21", base, email("victim"), `guess-${i}`, { "x-forwarded-for": victim });
  for (let i = 0; i < 22; i++)
    await signInFrom("127.0.0.21", base, email(`crowd-${i}`), `guess-${i}`, { "x-forwarded-for": victim });
  const victimIn = await signInFrom(victim, base, email("victim"), PASSWORD);
  check(victimIn === "ok", `framed: the victim's right password from their own address got ${victimIn}`);
  const victimOther = await signInFrom(victim, base, email("bystander"), PASSWORD);
  check(victimOther === "ok", `framed: another account from the victim's address got ${victimOther}`);

  // 3. a flood from one client (right passwords: nothing to slow it down) while another signs in
  const flooder = "127.0.0.23";
  let flooding = true;
  const flood = Array.from({ length: 24 }, async () => {
    let sent = 0;
    while (flooding) {
      await signInFrom(flooder, base, email("flooder"), PASSWORD).catch(() => "error");
      sent += 1;
    }
    return sent;
  });
  await new Promise((r) => setTimeout(r, 1500)); // the flood fills the queue
  const t0 = performance.now();
  const bystander = await signInFrom("127.0.0.24", base, email("bystander"), PASSWORD);
  const bystanderMs = performance.now() - t0;
  flooding = false;
  const flooded = (await Promise.all(flood)).reduce((a, b) => a + b, 0);
  check(bystander === "ok", `flood: another client's right password got ${bystander} during a flood`);
  log(
    `flood: ${flooded} sign-ins from one client; another client's sign-in took ${Math.round(bystanderMs)} ms meanwhile`,
  );

  // 4. crowds: 200 addresses at once, then 50 from one address at once
  const crowd = async (label: string, who: (i: number) => { from: string; account: string }, count: number) => {
    const start = performance.now();
    const times: number[] = [];
    const results = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const { from, account } = who(i);
        const result = await signInFrom(from, base, email(account), PASSWORD).catch((e: Error) => e.message);
        times.push(performance.now() - start);
        return result;
      }),
    );
    const failed = results.filter((r) => r !== "ok");
    check(
      failed.length === 0,
      `${label}: ${failed.length} of ${count} sign-ins failed (${[...new Set(failed)].join(", ")})`,
    );
    times.sort((a, b) => a - b);
    log(
      `${label}: ${count - failed.length} of ${count} signed in; median ${Math.round(times[Math.floor(count / 2)]!)} ms, last ${Math.round(times.at(-1)!)} ms`,
    );
  };
  await crowd("200 addresses at once", (i) => ({ from: at(i), account: `crowd-${i}` }), CROWD);
  await crowd("50 from one address at once", (i) => ({ from: "127.0.0.30", account: `class-${i}` }), CLASS);
} finally {
  server.kill("SIGTERM");
}

if (problems.length > 0) {
  console.error(`sign-ins: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(
  "  sign-ins: forged addresses neither evade the throttle nor frame another client; floods and crowds wait, none refused",
);
