// Benchmark: 50 simulated annotators (HTTP clients with their own sessions) doing claim-and-save
// cycles (a pause of about BENCH_LOAD_THINK_MS, 1 s, to read each item) against `next start` on
// DATABASE_URL (fresh, migrated) for BENCH_LOAD_SECONDS (60); then
// every acknowledged label is checked to be stored exactly once. argv[2]: the production build's
// folder (ASSAY_DIST_DIR).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/sql-connection";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { toUserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";

const ANNOTATORS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
// Each annotator reads an item before labelling it: a pause between claim and save (people take
// seconds; 1 s is many times faster than any human). BENCH_LOAD_THINK_MS=0 measures saturation.
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
const QUESTIONS = 400;
const POOL = 100; // 40,000 items: more than 50 annotators label in a minute
const PASSWORD = "bench-load-password";
// BENCH_LOAD_SERVERS app processes on the one database (annotators spread over them), items with
// BENCH_LOAD_OVERLAP seats: the scale-out test runs two servers with overlap 2.
const SERVERS = Number(process.env.BENCH_LOAD_SERVERS ?? 1);
const OVERLAP = Number(process.env.BENCH_LOAD_OVERLAP ?? 1);
const FIRST_PORT = 3200 + Math.floor(Math.random() * 500);
const BASES = Array.from({ length: SERVERS }, (_, k) => `http://127.0.0.1:${FIRST_PORT + k}`);
const distDir = process.argv[2] ?? ".next-bench";
const log = (m: string) => process.stderr.write(`[${Math.round(performance.now())} ms] ${m}\n`);

// The campaign: a relevance campaign over every pooled pair, overlap 1, 50 annotators.
const study = await findOrCreateStudy("Load");
const lines = (fn: (i: number) => string, count: number) => (async function* () {
  for (let i = 0; i < count; i += 10_000) yield Array.from({ length: Math.min(10_000, count - i) }, (_, k) => fn(i + k)).join("\n") + "\n";
})();
await importIntoStudy(study.id, { format: "beir-queries", files: [{ name: "q.tsv", chunks: lines((i) => `q${i}\tQuestion ${i}`, QUESTIONS) }] });
await importIntoStudy(study.id, { format: "beir-corpus", files: [{ name: "c.tsv", chunks: lines((i) => `d${i}\tChunk ${i}`, QUESTIONS * POOL) }] });
await importIntoStudy(study.id, { format: "trec-qrels", judge: "llm", scale: "relevance-3", files: [{ name: "l.qrels", chunks: lines((i) => `q${Math.floor(i / POOL)} 0 d${i} ${i % 3}`, QUESTIONS * POOL) }] });
const db = await getDb();
const researcher = toUserDto(await f.upsertUser(db, { email: "load-researcher@assay.local", role: "researcher", password: PASSWORD }));
await f.upsertMember(db, study.id, researcher.id, "researcher");
const emails: string[] = [];
for (let i = 0; i < ANNOTATORS; i++) {
  const user = await f.upsertUser(db, { email: `load-annotator-${i}@assay.local`, role: "annotator", password: PASSWORD });
  await f.upsertMember(db, study.id, user.id, "annotator");
  emails.push(user.email);
}
const members = await db.user.findMany({ where: { email: { in: emails } }, select: { id: true } });
const campaign = await createCampaign(researcher, study.id, {
  name: "Load", taskType: "relevance", scale: { kind: "builtin", id: "relevance-3" }, guidelines: "", protocol: "blind", llmJudge: null,
  overlap: OVERLAP, annotatorIds: members.map((m) => m.id), sample: { kind: "all_pairs" }, seed: 1,
});
await closeSharedConnections();
await closeDb();
log(`campaign of ${campaign.items} items ready`);

// The server, as deployed.
// BENCH_LOAD_PROFILE=<folder> writes the server's CPU profile there.
const profile = process.env.BENCH_LOAD_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_LOAD_PROFILE}`] : [];
const servers = BASES.map((base, k) =>
  spawn(process.execPath, [...profile, "node_modules/next/dist/bin/next", "start", "-p", String(FIRST_PORT + k), "-H", "127.0.0.1"], {
    env: { ...process.env, ASSAY_DIST_DIR: distDir, NEXTAUTH_URL: base, NEXTAUTH_SECRET: "load-benchmark-secret-0123456789abcdef", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  }),
);
try {
  for (const base of BASES) {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error(`the server at ${base} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  log(`${SERVERS} server(s) up`);

  // Each client: its own session cookie, then claim and save until the time is up.
  const latencies = { claim: [] as number[], save: [] as number[] };
  const acknowledged: string[] = [];
  const errors: string[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const timed = async (kind: "claim" | "save", request: () => Promise<Response>) => {
    const t = performance.now();
    const response = await request();
    latencies[kind].push(performance.now() - t);
    return response;
  };
  await Promise.all(emails.map(async (email, n) => {
    const BASE = BASES[n % SERVERS]!;
    const cookie = await signIn(BASE, email);
    const headers = { cookie, "content-type": "application/json" };
    const levels = ["non_relevant", "partially_relevant", "relevant"];
    while (performance.now() < deadline) {
      try {
        const claim = await timed("claim", () => fetch(`${BASE}/api/campaigns/${campaign.id}/claim`, { method: "POST", headers }));
        if (!claim.ok) throw new Error(`claim ${claim.status}`);
        const { itemId } = (await claim.json()) as { itemId: number | null };
        if (itemId === null) break;
        if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
        const clientId = randomUUID();
        const body = JSON.stringify({ clientId, phase: "blind", version: 1, payload: { level: levels[n % 3] }, comment: null, startedAt: new Date().toISOString(), durationMs: 500 });
        const save = await timed("save", () => fetch(`${BASE}/api/campaigns/${campaign.id}/items/${itemId}/annotation`, { method: "PUT", headers, body }));
        if (!save.ok) throw new Error(`save ${save.status}: ${await save.text()}`);
        await save.arrayBuffer();
        acknowledged.push(clientId);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  }));
  await Promise.all(servers.map((server) => new Promise((r) => {
    server.once("exit", r);
    server.kill("SIGTERM");
  })));

  // Every acknowledged label stored exactly once, and nothing else stored.
  const check = await getDb();
  const stored = await check.annotation.findMany({ where: { item: { campaignId: campaign.id } }, select: { clientId: true, itemId: true } });
  const storedIds = new Set(stored.map((a) => a.clientId));
  const lost = acknowledged.filter((id) => !storedIds.has(id)).length;
  const perItem = new Map<number, number>();
  for (const a of stored) perItem.set(a.itemId, (perItem.get(a.itemId) ?? 0) + 1);
  const seats = await check.assignment.count({ where: { campaignId: campaign.id, status: "submitted" } });
  // overlap never exceeded: no item has more labels or more seats than its overlap
  const seatsPerItem = await check.assignment.groupBy({ by: ["itemId"], where: { campaignId: campaign.id }, _count: true });
  const itemsOverOverlap = [...perItem.values()].filter((n) => n > OVERLAP).length + seatsPerItem.filter((g) => g._count > OVERLAP).length;
  await closeSharedConnections();
  await closeDb();
  const quantile = (xs: number[], q: number) => {
    const s = xs.toSorted((a, b) => a - b);
    return Math.round((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN) * 10) / 10;
  };
  const all = [...latencies.claim, ...latencies.save];
  console.log(JSON.stringify({
    annotators: ANNOTATORS, servers: SERVERS, overlap: OVERLAP, seconds: SECONDS, thinkMs: THINK_MS, cycles: acknowledged.length,
    requestsPerSecond: Math.round(all.length / SECONDS), labelsPerSecond: Math.round(acknowledged.length / SECONDS),
    claimMs: { p50: quantile(latencies.claim, 0.5), p95: quantile(latencies.claim, 0.95), p99: quantile(latencies.claim, 0.99) },
    saveMs: { p50: quantile(latencies.save, 0.5), p95: quantile(latencies.save, 0.95), p99: quantile(latencies.save, 0.99) },
    allMs: { p50: quantile(all, 0.5), p95: quantile(all, 0.95), p99: quantile(all, 0.99) },
    errors: errors.length, firstError: errors[0] ?? null,
    acknowledged: acknowledged.length, stored: stored.length, lost, duplicated: stored.length - storedIds.size, itemsOverOverlap, submittedSeats: seats,
    goalP95Ms: 100,
  }));
  if (lost > 0 || stored.length !== acknowledged.length || itemsOverOverlap > 0 || seats !== acknowledged.length || errors.length > 0) process.exitCode = 1;
} finally {
  for (const server of servers) if (server.exitCode === null) server.kill("SIGKILL");
}

/** Signs in through next-auth's credentials endpoint; returns the cookie header to send. */
async function signIn(BASE: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST", redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, json: "true" }),
  });
  keep(response);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie();
}
