// Chunks pooled for questions hq-106 to hq-110 (original demo text).
import { chunk } from "./chunk";

const PY = "harbor-dev/harbor";
const JS = "harbor-dev/harbor-js";
const F = "```";

export const CHUNKS_2 = [
  // hq-106 cancellation
  chunk(
    "hq-106",
    JS,
    "src/jobs.ts",
    [1, 3],
    `
/**
 * Ask harbor to cancel a job. Resolves with the job's new status: "cancelled" when it had not
 * started, "cancelling" while a worker is still running it.
 */
export async function cancel(client: HarborClient, id: string): Promise<JobStatus> {
  const res = await client.request("POST", \`/jobs/\${encodeURIComponent(id)}/cancel\`);
  return (await res.json()).status as JobStatus;
}`,
  ),
  chunk(
    "hq-106",
    PY,
    "harbor/context.py",
    [2],
    `
class JobContext:
    @property
    def cancelled(self) -> bool:
        """True once cancellation was requested. Jobs must check it; harbor never kills a running job."""
        return self._broker.is_cancel_requested(self.job_id)

    def raise_if_cancelled(self) -> None:
        if self.cancelled:
            raise JobCancelled(self.job_id)`,
  ),
  chunk(
    "hq-106",
    PY,
    "docs/guide/cancellation.md",
    [2, 3],
    `
## Cancelling jobs

Cancellation is cooperative. A request marks the job and its status becomes \`cancelling\`;
the job notices by checking \`ctx.cancelled\` and returns. When the worker reports back, the status
becomes \`cancelled\`.`,
  ),
  chunk(
    "hq-106",
    JS,
    "src/status.ts",
    [3],
    `
export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelling" | "cancelled" | "dead";`,
  ),
  chunk(
    "hq-106",
    PY,
    "examples/export.py",
    [2],
    `
@job(queue="exports")
def export_rows(ctx: JobContext, query_id: int) -> str:
    with open_writer(query_id) as out:
        for batch in fetch_batches(query_id):
            ctx.raise_if_cancelled()
            out.write(batch)
    return out.url`,
  ),
  chunk(
    "hq-106",
    JS,
    "src/client.ts",
    [1],
    `
export class HarborClient {
  readonly jobs = {
    status: (id: string) => getStatus(this, id),
    cancel: (id: string) => cancel(this, id),
    wait: (id: string, opts?: WaitOptions) => waitFor(this, id, opts),
  };`,
  ),
  chunk(
    "hq-106",
    PY,
    "harbor/signals.py",
    [],
    `
def install_shutdown_handlers(worker: Worker) -> None:
    """SIGTERM: stop taking jobs and finish running ones (warm shutdown). Second SIGTERM: exit now."""
    signal.signal(signal.SIGTERM, lambda *_: worker.request_stop())`,
  ),
  chunk(
    "hq-106",
    JS,
    "CHANGELOG.md",
    [],
    `
## 0.9.0
- \`client.jobs.wait()\` accepts an AbortSignal.
- Node 16 is no longer supported.`,
  ),

  // hq-107 dead letters
  chunk(
    "hq-107",
    PY,
    "harbor/broker.py",
    [1],
    `
    def fail(self, job: Job, error: str) -> None:
        """Record a final failure: the job moves to its queue's dead-letter queue "<queue>.dead"."""
        job.error = error
        self.push(f"{job.queue}.dead", job, ttl=self.settings.dead_letter_ttl)`,
  ),
  chunk(
    "hq-107",
    PY,
    "docs/guide/dead-letters.md",
    [1, 2],
    `
## Dead letters

A job that fails its last attempt is moved to \`<queue>.dead\`. Inspect and replay them with the CLI:

${F}console
$ harbor dlq list payments
$ harbor dlq requeue payments --all
${F}`,
  ),
  chunk(
    "hq-107",
    PY,
    "docs/reference/config.md",
    [3],
    `
| key | default | meaning |
|-----|---------|---------|
| \`dead_letter_ttl\` | \`"7d"\` | how long dead jobs are kept before they are deleted |`,
  ),
  chunk(
    "hq-107",
    PY,
    "harbor/cli_dlq.py",
    [2],
    `
@dlq.command("requeue")
@click.argument("queue")
@click.option("--all", "all_", is_flag=True, help="Requeue every dead job of QUEUE.")
@click.option("--id", "ids", multiple=True, help="Requeue only these job ids.")
def requeue(queue: str, all_: bool, ids: tuple[str, ...]) -> None:
    moved = broker().requeue_dead(queue, ids=None if all_ else list(ids))
    click.echo(f"requeued {moved} job(s) from {queue}.dead")`,
  ),
  chunk(
    "hq-107",
    PY,
    "harbor/cli_dlq.py",
    [2],
    `
@dlq.command("list")
@click.argument("queue")
@click.option("--limit", default=50)
def list_dead(queue: str, limit: int) -> None:
    for job in broker().peek(f"{queue}.dead", limit=limit):
        click.echo(f"{job.id}  {job.failed_at:%Y-%m-%d %H:%M}  {job.error.splitlines()[-1]}")`,
  ),
  chunk(
    "hq-107",
    JS,
    "src/status.ts",
    [1],
    `
/** "dead": the job failed every attempt and sits in its queue's dead-letter queue. */
export const TERMINAL_STATUSES: readonly JobStatus[] = ["succeeded", "failed", "cancelled", "dead"];`,
  ),
  chunk(
    "hq-107",
    PY,
    "docs/guide/retries.md",
    [],
    `
## Choosing a retry budget

Retries help with transient faults (timeouts, 503s). A job that fails because of a bug will fail
every attempt; keep budgets small so such jobs surface quickly.`,
  ),
  chunk(
    "hq-107",
    PY,
    "harbor/dashboard/views.py",
    [],
    `
@router.get("/queues/{name}")
async def queue_detail(name: str) -> dict:
    return {"name": name, "depth": await broker.depth(name), "workers": await broker.consumers(name)}`,
  ),

  // hq-108 secrets
  chunk(
    "hq-108",
    PY,
    "docs/guide/security.md",
    [1, 2],
    `
## Secrets

Job arguments are stored as plain JSON in the broker and shown in the dashboard. Never pass keys or
passwords as arguments. Declare them instead:

${F}toml
[secrets]
CRM_API_KEY = "env:CRM_API_KEY"   # read from the worker's environment at start-up
${F}`,
  ),
  chunk(
    "hq-108",
    PY,
    "harbor/context.py",
    [3],
    `
class Secrets:
    def __init__(self, values: Mapping[str, str]):
        self._values = dict(values)

    def get(self, name: str) -> str:
        """A secret declared in [secrets]; KeyError when it was not declared."""
        return self._values[name]`,
  ),
  chunk(
    "hq-108",
    PY,
    "harbor/config.py",
    [2],
    `
def resolve_secrets(table: dict[str, str], environ: Mapping[str, str]) -> dict[str, str]:
    """Resolve "env:NAME" references once, when the worker starts."""
    resolved = {}
    for key, ref in table.items():
        if not ref.startswith("env:"):
            raise ConfigError(f"[secrets] {key}: only env:NAME references are supported")
        resolved[key] = environ[ref[4:]]
    return resolved`,
  ),
  chunk(
    "hq-108",
    PY,
    "examples/crm.py",
    [3],
    `
@job(queue="crm")
def sync_crm(ctx: JobContext, account_id: int) -> None:
    client = CrmClient(api_key=ctx.secrets.get("CRM_API_KEY"))
    client.push(load_account(account_id))`,
  ),
  chunk(
    "hq-108",
    PY,
    "harbor/dashboard/templates/job.html",
    [1],
    `
<h2>Job {{ job.id }}</h2>
<dl>
  <dt>Queue</dt><dd>{{ job.queue }}</dd>
  <dt>Arguments</dt><dd><pre>{{ job.args | tojson(indent=2) }}</pre></dd>
</dl>`,
  ),
  chunk(
    "hq-108",
    JS,
    "src/client.ts",
    [],
    `
function headers(opts: HarborClientOptions): Record<string, string> {
  return opts.token ? { authorization: \`Bearer \${opts.token}\` } : {};
}`,
  ),
  chunk(
    "hq-108",
    PY,
    "deploy/k8s/worker.yaml",
    [2],
    `
env:
  - name: CRM_API_KEY
    valueFrom:
      secretKeyRef: { name: crm, key: api-key }`,
  ),
  chunk(
    "hq-108",
    PY,
    "SECURITY.md",
    [],
    `
# Reporting a vulnerability

Email security@harbor.invalid with details. We answer within three working days.`,
  ),

  // hq-109 deduplication
  chunk(
    "hq-109",
    PY,
    "harbor/enqueue.py",
    [1, 2],
    `
def enqueue(spec: JobSpec, *args, dedupe_key: str | None = None, dedupe_window: float = 3600.0, **kwargs) -> Handle:
    """Put a job on its queue.

    dedupe_key: when a job with the same key was enqueued less than dedupe_window seconds ago
    (default one hour), nothing is enqueued and the existing job's handle is returned.
    """`,
  ),
  chunk(
    "hq-109",
    PY,
    "docs/guide/delivery.md",
    [3],
    `
## Delivery guarantees

harbor delivers every job at least once. A worker that crashes after finishing the work but before
acknowledging it causes a second run, so make jobs idempotent (upserts, unique constraints).`,
  ),
  chunk(
    "hq-109",
    PY,
    "docs/guide/deduplication.md",
    [1],
    `
## Deduplicating enqueues

${F}python
process_invoice.enqueue(invoice_id, dedupe_key=f"invoice:{invoice_id}")
${F}

A second call with the same key returns the first job's id instead of a new job.`,
  ),
  chunk(
    "hq-109",
    PY,
    "harbor/brokers/redis.py",
    [1, 2],
    `
    def claim_dedupe_key(self, key: str, job_id: str, window: float) -> str:
        # SET NX with expiry: the first enqueue wins for \`window\` seconds
        if self.redis.set(f"dedupe:{key}", job_id, nx=True, ex=int(window)):
            return job_id
        return self.redis.get(f"dedupe:{key}").decode()`,
  ),
  chunk(
    "hq-109",
    JS,
    "src/client.ts",
    [1],
    `
  /** Enqueue a job. Pass dedupeKey to drop duplicates within the server's dedupe window. */
  async enqueue(name: string, payload: unknown, opts: { dedupeKey?: string; queue?: string } = {}): Promise<string> {
    const res = await this.request("POST", "/jobs", { name, payload, dedupe_key: opts.dedupeKey, queue: opts.queue });
    return (await res.json()).id as string;
  }`,
  ),
  chunk(
    "hq-109",
    PY,
    "harbor/ids.py",
    [],
    `
def new_job_id() -> str:
    """Time-ordered 26-character ids (ULID), so ids sort by creation time."""
    return ulid.new().str`,
  ),
  chunk(
    "hq-109",
    PY,
    "docs/faq.md",
    [3],
    `
### Can a job run twice?
Yes: delivery is at-least-once. Deduplication only prevents duplicate *enqueues*.`,
  ),
  chunk(
    "hq-109",
    JS,
    "test/dedupe.test.ts",
    [],
    `
it("forwards the dedupe key", async () => {
  const body = await captureBody(() => client.enqueue("invoice", { id: 1 }, { dedupeKey: "invoice:1" }));
  expect(body.dedupe_key).toBe("invoice:1");
});`,
  ),

  // hq-110 metrics
  chunk(
    "hq-110",
    PY,
    "docs/guide/metrics.md",
    [1, 2, 3],
    `
## Prometheus metrics

Set a port and every worker serves \`/metrics\`:

${F}toml
[metrics]
port = 9108
${F}

| metric | type | labels |
|---|---|---|
| \`harbor_job_duration_seconds\` | histogram | queue, job |
| \`harbor_queue_depth\` | gauge | queue |`,
  ),
  chunk(
    "hq-110",
    PY,
    "harbor/metrics.py",
    [2],
    `
JOB_DURATION = Histogram(
    "harbor_job_duration_seconds",
    "Time from a job's start to its end.",
    labelnames=("queue", "job"),
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600),
)`,
  ),
  chunk(
    "hq-110",
    PY,
    "harbor/metrics.py",
    [3],
    `
QUEUE_DEPTH = Gauge("harbor_queue_depth", "Jobs waiting on a queue.", labelnames=("queue",))

def sample_depths(broker: Broker) -> None:
    for queue in broker.queues():
        QUEUE_DEPTH.labels(queue=queue).set(broker.depth(queue))`,
  ),
  chunk(
    "hq-110",
    PY,
    "harbor/worker.py",
    [1],
    `
    def start(self) -> None:
        if self.settings.metrics.port:
            start_http_server(self.settings.metrics.port)  # serves /metrics
        self.loop()`,
  ),
  chunk(
    "hq-110",
    PY,
    "deploy/prometheus.yml",
    [1],
    `
scrape_configs:
  - job_name: harbor-workers
    static_configs:
      - targets: ["worker-0:9108", "worker-1:9108"]`,
  ),
  chunk(
    "hq-110",
    JS,
    "src/metrics.ts",
    [],
    `
/** Client-side timing of enqueue calls, for applications that want it. */
export function timed<T>(fn: () => Promise<T>, record: (ms: number) => void): Promise<T> {
  const start = performance.now();
  return fn().finally(() => record(performance.now() - start));
}`,
  ),
  chunk(
    "hq-110",
    PY,
    "docs/guide/logging.md",
    [],
    `
## Logging

Workers log one JSON line per job start and end. Set \`[logging] level = "debug"\` to see broker calls.`,
  ),
  chunk(
    "hq-110",
    PY,
    "CHANGELOG.md",
    [2],
    `
## 0.7.0
- New: Prometheus histogram \`harbor_job_duration_seconds\`.
- The dashboard shows a queue's oldest waiting job.`,
  ),
];
