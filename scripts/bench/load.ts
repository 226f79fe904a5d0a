// Benchmark: 50 simulated annotators (HTTP clients with their own sessions) doing claim-and-save
// cycles (a pause of about BENCH_LOAD_THINK_MS, 1 s, to read each item) against Assay's server on
// DATABASE_URL (fresh, migrated) for BENCH_LOAD_SECONDS (60); then
// every acknowledged label is checked to be stored exactly once. The server's CPU per request is
// set beside the framework's floor at the same rate (a request Next.js answers without Assay's
// code). argv[2]: the production build's folder (ASSAY_DIST_DIR).
import os from "node:os";
import { randomUUID } from "node:crypto";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { seedRelevanceCampaign, signInOverHttp } from "../lib/annotators-over-http";
import { freePorts } from "../lib/free-ports.mjs";
import { startNextServer, waitUntilUp } from "../lib/next-server";
import { processTreeCpuMs } from "../lib/process-cpu";

const ANNOTATORS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
// Each annotator reads an item before labelling it: a pause between claim and save (people take
// seconds; 1 s is many times faster than any human). BENCH_LOAD_THINK_MS=0 measures saturation.
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
// then, for BENCH_LOAD_FLOOR_SECONDS (30; 0: none), the framework's own cost per request at the same rate (see below)
const FLOOR_SECONDS = Number(process.env.BENCH_LOAD_FLOOR_SECONDS ?? 30);
const QUESTIONS = 400;
const POOL = 100; // 40,000 items: more than 50 annotators label in a minute
const PASSWORD = "bench-load-password";
// BENCH_LOAD_SERVERS app processes on the one database (annotators spread over them), items with
// BENCH_LOAD_OVERLAP seats: the scale-out test runs two servers with overlap 2.
const SERVERS = Number(process.env.BENCH_LOAD_SERVERS ?? 1);
const OVERLAP = Number(process.env.BENCH_LOAD_OVERLAP ?? 1);
const PORTS = await freePorts(SERVERS);
const BASES = PORTS.map((port) => `http://127.0.0.1:${port}`);
const distDir = process.argv[2] ?? ".next-bench";
const log = (m: string) => process.stderr.write(`[${Math.round(performance.now())} ms] ${m}\n`);

// The campaign: a relevance campaign over every pooled pair, 50 annotators.
const { campaignId, items, emails } = await seedRelevanceCampaign({
  prefix: "load",
  questions: QUESTIONS,
  pool: POOL,
  annotators: ANNOTATORS,
  overlap: OVERLAP,
  password: PASSWORD,
});
const campaign = { id: campaignId, items };
log(`campaign of ${campaign.items} items ready`);

// The server, as deployed.
// BENCH_LOAD_PROFILE=<folder> writes the server's CPU profile there.
const profile = process.env.BENCH_LOAD_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_LOAD_PROFILE}`]
  : [];
const servers = PORTS.map(
  (port) =>
    startNextServer({ port, distDir, secret: "load-benchmark-secret-0123456789abcdef", nodeArgs: profile }).server,
);
try {
  for (const [k, base] of BASES.entries()) await waitUntilUp(servers[k]!, base);
  log(`${SERVERS} server(s) up`);

  // Each client: its own session cookie, then claim and save until the time is up.
  const latencies = { claim: [] as number[], save: [] as number[] };
  const acknowledged: string[] = [];
  const errors: string[] = [];
  // everyone signs in first, so the measured window holds claims and saves only
  const cookies = await Promise.all(emails.map((email, n) => signInOverHttp(BASES[n % SERVERS]!, email, PASSWORD)));
  const serverCpu = () =>
    servers.reduce(
      (sum, server) => {
        const used = processTreeCpuMs(server.pid!);
        return { userMs: sum.userMs + (used?.userMs ?? NaN), systemMs: sum.systemMs + (used?.systemMs ?? NaN) };
      },
      { userMs: 0, systemMs: 0 },
    );
  /** The servers' CPU since `before` (a serverCpu() reading). */
  const serverCpuSince = (before: { userMs: number; systemMs: number }) => {
    const now = serverCpu();
    return { userMs: now.userMs - before.userMs, systemMs: now.systemMs - before.systemMs };
  };
  const [serverCpu0, generatorCpu0, wall0] = [serverCpu(), process.cpuUsage(), performance.now()];
  const deadline = performance.now() + SECONDS * 1000;
  const timed = async (kind: "claim" | "save", request: () => Promise<Response>) => {
    const t = performance.now();
    const response = await request();
    latencies[kind].push(performance.now() - t);
    return response;
  };
  await Promise.all(
    cookies.map(async (cookie, n) => {
      const BASE = BASES[n % SERVERS]!;
      const headers = { cookie, "content-type": "application/json" };
      const levels = ["non_relevant", "partially_relevant", "relevant"];
      // people do not all press "start" in the same millisecond: each annotator opens the campaign
      // somewhere within the first reading pause (50 claims at once on a process that has not yet
      // run the route queue behind its first, cold, request: about 300 ms each)
      if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS * Math.random()));
      while (performance.now() < deadline) {
        try {
          const claim = await timed("claim", () =>
            fetch(`${BASE}/api/campaigns/${campaign.id}/claim`, { method: "POST", headers }),
          );
          if (!claim.ok) throw new Error(`claim ${claim.status}`);
          const { itemId } = (await claim.json()) as { itemId: number | null };
          if (itemId === null) break;
          if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
          const clientId = randomUUID();
          const body = JSON.stringify({
            clientId,
            phase: "blind",
            version: 1,
            payload: { level: levels[n % 3] },
            comment: null,
            startedAt: new Date().toISOString(),
            durationMs: 500,
          });
          const save = await timed("save", () =>
            fetch(`${BASE}/api/campaigns/${campaign.id}/items/${itemId}/annotation`, { method: "PUT", headers, body }),
          );
          if (!save.ok) throw new Error(`save ${save.status}: ${await save.text()}`);
          await save.arrayBuffer();
          acknowledged.push(clientId);
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const wallMs = performance.now() - wall0;
  const { userMs: serverUserMs, systemMs: serverSystemMs } = serverCpuSince(serverCpu0);
  const serverCpuMs = serverUserMs + serverSystemMs;
  const generator = process.cpuUsage(generatorCpu0);
  const generatorCpuMs = (generator.user + generator.system) / 1000;

  // The framework's floor at the same rate: the same clients, each request then about half a
  // reading pause (two requests per cycle, as above), asking the claim route for a method it does
  // not have: Next.js routes the request and answers 405 without running any of Assay's code.
  const floorRequests = { count: 0, status: new Set<number>() };
  const [floorCpu0, floorDeadline] = [serverCpu(), performance.now() + FLOOR_SECONDS * 1000];
  await Promise.all(
    cookies.map(async (cookie, n) => {
      const url = `${BASES[n % SERVERS]!}/api/campaigns/${campaign.id}/claim`;
      if (THINK_MS > 0) await new Promise((r) => setTimeout(r, (THINK_MS / 2) * Math.random()));
      while (performance.now() < floorDeadline) {
        const response = await fetch(url, { headers: { cookie } });
        await response.arrayBuffer();
        floorRequests.status.add(response.status);
        floorRequests.count++;
        if (THINK_MS > 0) await new Promise((r) => setTimeout(r, (THINK_MS / 2) * (0.5 + Math.random())));
      }
    }),
  );
  const floorCpu = serverCpuSince(floorCpu0);
  const floorCpuMs = floorCpu.userMs + floorCpu.systemMs;
  if ([...floorRequests.status].some((status) => status !== 405))
    throw new Error(`the floor's requests were answered ${[...floorRequests.status].join(", ")}, not 405`);
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((r) => {
          server.once("exit", r);
          server.kill("SIGTERM");
        }),
    ),
  );

  // Every acknowledged label stored exactly once, and nothing else stored.
  const check = await getDb();
  const stored = await check.annotation.findMany({
    where: { item: { campaignId: campaign.id } },
    select: { clientId: true, itemId: true },
  });
  const storedIds = new Set(stored.map((a) => a.clientId));
  const lost = acknowledged.filter((id) => !storedIds.has(id)).length;
  const perItem = new Map<number, number>();
  for (const a of stored) perItem.set(a.itemId, (perItem.get(a.itemId) ?? 0) + 1);
  const seats = await check.assignment.count({ where: { campaignId: campaign.id, status: "submitted" } });
  // overlap never exceeded: no item has more labels or more seats than its overlap
  const seatsPerItem = await check.assignment.groupBy({
    by: ["itemId"],
    where: { campaignId: campaign.id },
    _count: true,
  });
  const itemsOverOverlap =
    [...perItem.values()].filter((n) => n > OVERLAP).length + seatsPerItem.filter((g) => g._count > OVERLAP).length;
  await closeSharedConnections();
  await closeDb();
  const quantile = (xs: number[], q: number) => {
    const s = xs.toSorted((a, b) => a - b);
    return Math.round((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN) * 10) / 10;
  };
  const all = [...latencies.claim, ...latencies.save];
  console.log(
    JSON.stringify({
      annotators: ANNOTATORS,
      servers: SERVERS,
      overlap: OVERLAP,
      seconds: SECONDS,
      thinkMs: THINK_MS,
      cycles: acknowledged.length,
      cores: os.cpus().length,
      requestsPerSecond: Math.round(all.length / SECONDS),
      // CPU over the measured window: the app servers' processes, and this load generator's
      serverCpuMsPerRequest: Math.round((serverCpuMs / all.length) * 100) / 100,
      // of which in the kernel (system calls: sockets, the disk's fsync)
      serverSystemCpuMsPerRequest: Math.round((serverSystemMs / all.length) * 100) / 100,
      generatorCpuMsPerRequest: Math.round((generatorCpuMs / all.length) * 100) / 100,
      frameworkFloor: floorRequests.count
        ? {
            requestsPerSecond: Math.round(floorRequests.count / FLOOR_SECONDS),
            serverCpuMsPerRequest: Math.round((floorCpuMs / floorRequests.count) * 100) / 100,
          }
        : null,
      serverCoresBusy: Math.round((serverCpuMs / wallMs) * 100) / 100,
      labelsPerSecond: Math.round(acknowledged.length / SECONDS),
      claimMs: {
        p50: quantile(latencies.claim, 0.5),
        p95: quantile(latencies.claim, 0.95),
        p99: quantile(latencies.claim, 0.99),
      },
      saveMs: {
        p50: quantile(latencies.save, 0.5),
        p95: quantile(latencies.save, 0.95),
        p99: quantile(latencies.save, 0.99),
      },
      allMs: { p50: quantile(all, 0.5), p95: quantile(all, 0.95), p99: quantile(all, 0.99) },
      errors: errors.length,
      firstError: errors[0] ?? null,
      acknowledged: acknowledged.length,
      stored: stored.length,
      lost,
      duplicated: stored.length - storedIds.size,
      itemsOverOverlap,
      submittedSeats: seats,
      goalP95Ms: 100,
    }),
  );
  if (
    lost > 0 ||
    stored.length !== acknowledged.length ||
    itemsOverOverlap > 0 ||
    seats !== acknowledged.length ||
    errors.length > 0
  )
    process.exitCode = 1;
} finally {
  for (const server of servers) if (server.exitCode === null) server.kill("SIGKILL");
}
