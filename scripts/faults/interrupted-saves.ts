// Fault test: annotators keep labelling through the browser's own outbox (lib/client/save-queue.ts,
// the code the workspace runs) while the app server is killed mid-save and restarted, and, with
// FAULT_RESTART_POSTGRES=1, while PostgreSQL itself restarts. Afterwards every label the outbox
// took is stored exactly once and none was refused. argv[2]: the production build's folder.
import { spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/client/fetch-json";
import { SaveQueue, type PendingSave } from "@/lib/client/save-queue";
import type { SavedAnnotation } from "@/lib/schemas/campaigns";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { seedRelevanceCampaign, signInOverHttp } from "../lib/annotators-over-http";
import { freePorts } from "../lib/free-ports.mjs";
import { startNextServer } from "../lib/next-server";

const ANNOTATORS = 10;
const PASSWORD = "fault-test-password";
const [PORT] = await freePorts(1);
const BASE = `http://127.0.0.1:${PORT}`;
const distDir = process.argv[2] ?? ".next-test";
const restartPostgres = process.env.FAULT_RESTART_POSTGRES === "1";
const log = (m: string) => process.stderr.write(`[faults ${Math.round(performance.now())} ms] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { campaignId, emails } = await seedRelevanceCampaign({
  prefix: "faults",
  questions: 50,
  pool: 40,
  annotators: ANNOTATORS,
  overlap: 1,
  password: PASSWORD,
});
const campaign = { id: campaignId };

let server: ChildProcess | null = null;
async function startServer() {
  server = startNextServer({
    port: PORT!,
    distDir,
    secret: "fault-test-secret-0123456789abcdef",
    stdio: ["ignore", "ignore", "ignore"],
  }).server;
  for (
    let i = 0;
    !(await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (server.exitCode !== null) throw new Error(`the server on port ${PORT} exited before it was up`);
    if (i > 600) throw new Error("the server did not start");
    await sleep(100);
  }
}

const taken: Promise<SavedAnnotation>[] = []; // each label the outbox took, resolved once the server stored it
const clientIds: string[] = [];
let running = true;
let claimFailures = 0;
try {
  await startServer();
  log("server up");
  // every annotator signs in before the kill: a sign-in cut off by it is not the fault under test
  // (on a slow host ten password checks can outlast any fixed delay)
  const cookies = await Promise.all(emails.map((email) => signInOverHttp(BASE, email, PASSWORD)));
  log("annotators signed in");
  const annotators = cookies.map(async (cookie, n) => {
    const storage = new Map<string, string>();
    const send = async (p: PendingSave): Promise<SavedAnnotation> => {
      const response = await fetch(`${BASE}/api/campaigns/${p.campaignId}/items/${p.itemId}/annotation`, {
        method: "PUT",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(p.save),
      });
      const body = (await response.json()) as SavedAnnotation & { error?: { code: string; message: string } };
      if (!response.ok)
        throw new ApiError(
          response.status,
          body.error?.code ?? "http_error",
          body.error?.message ?? String(response.status),
        );
      return body;
    };
    const queue = new SaveQueue(
      `faults:${n}`,
      { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, v) },
      send,
    );
    while (running) {
      let itemId: number | null;
      try {
        const claim = await fetch(`${BASE}/api/campaigns/${campaign.id}/claim`, {
          method: "POST",
          headers: { cookie },
        });
        if (!claim.ok) throw new Error(String(claim.status));
        itemId = ((await claim.json()) as { itemId: number | null }).itemId;
      } catch {
        claimFailures++; // the server is down: try again in a moment, as the workspace does
        await sleep(200);
        continue;
      }
      if (itemId === null) break;
      const clientId = randomUUID();
      clientIds.push(clientId);
      const save = {
        clientId,
        phase: "blind" as const,
        version: 1,
        payload: { level: "relevant" },
        comment: null,
        startedAt: new Date().toISOString(),
        durationMs: 100,
      };
      // as the workspace does: the next item only once the outbox has this label stored (it retries meanwhile)
      const stored = queue.enqueue({ campaignId: campaign.id, itemId, save });
      taken.push(stored);
      await stored.catch(() => undefined);
    }
  });

  // kill once labels are flowing (at least 20 taken), however slow the host
  for (let waited = 0; taken.length < 20 && waited < 60_000; waited += 100) await sleep(100);
  await sleep(500);
  log(`killing the server mid-save, ${taken.length} labels taken`);
  server!.kill("SIGKILL");
  await new Promise((r) => server!.once("exit", r));
  await sleep(1000);
  if (restartPostgres) {
    log("restarting PostgreSQL");
    const restart = spawnSync("pg_ctlcluster", ["15", "main", "restart"], { encoding: "utf8" });
    if (restart.status !== 0) throw new Error(`pg_ctlcluster restart failed: ${restart.stderr}`);
  }
  await startServer();
  log("server up again");
  if (restartPostgres) {
    await sleep(1500);
    log("restarting PostgreSQL under the running server");
    const restart = spawnSync("pg_ctlcluster", ["15", "main", "restart"], { encoding: "utf8" });
    if (restart.status !== 0) throw new Error(`pg_ctlcluster restart failed: ${restart.stderr}`);
  }
  await sleep(2500);
  running = false;
  await Promise.all(annotators);
  const settled = await Promise.race([Promise.allSettled(taken), sleep(90_000).then(() => null)]);
  if (settled === null) throw new Error("the outboxes did not drain within 90 s");
  const refused = settled
    .filter((r) => r.status === "rejected")
    .map((r) => String((r as PromiseRejectedResult).reason));

  const check = await getDb();
  const stored = await check.annotation.findMany({
    where: { item: { campaignId: campaign.id } },
    select: { clientId: true },
  });
  const storedIds = new Set(stored.map((a) => a.clientId));
  await closeSharedConnections();
  await closeDb();
  const lost = clientIds.filter((id) => !storedIds.has(id)).length;
  const result = {
    engine: restartPostgres
      ? "postgres, restarted twice"
      : process.env.DATABASE_URL?.startsWith("file:")
        ? "sqlite"
        : "postgres",
    labels: clientIds.length,
    stored: stored.length,
    lost,
    extra: stored.length - clientIds.length,
    refused: refused.length,
    firstRefusal: refused[0] ?? null,
    claimRetries: claimFailures,
  };
  console.log(JSON.stringify(result));
  if (lost > 0 || stored.length !== clientIds.length || refused.length > 0 || clientIds.length === 0)
    process.exitCode = 1;
} finally {
  running = false;
  if (server && (server as ChildProcess).exitCode === null) (server as ChildProcess).kill("SIGKILL");
}
process.exit();
