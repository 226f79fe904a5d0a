// Chunks pooled for questions hq-101 to hq-105 (original demo text).
import { chunk } from "./chunk";

const PY = "harbor-dev/harbor";
const JS = "harbor-dev/harbor-js";
const F = "```";

export const CHUNKS_1 = [
  // hq-101 retries
  chunk(
    "hq-101",
    PY,
    "harbor/decorators.py",
    [1, 4],
    `
def job(queue: str = "default", *, retries: int = 0, retry_on: tuple[type[BaseException], ...] = (Exception,),
        retry_backoff: float = 1.0, retry_max_delay: float = 600.0, timeout: float | None = None):
    """Register a function as a harbor job.

    retries: how many times a failed attempt is retried (0 = never).
    retry_on: only these exception types are retried; any other exception fails the job at once.
    """
    def wrap(fn):
        return JobSpec(fn, queue=queue, retries=retries, retry_on=retry_on,
                       backoff=retry_backoff, max_delay=retry_max_delay, timeout=timeout)
    return wrap`,
  ),
  chunk(
    "hq-101",
    PY,
    "harbor/retry.py",
    [2, 3],
    `
def next_delay(attempt: int, backoff: float, max_delay: float) -> float:
    """Delay before retry number \`attempt\` (1-based): backoff, 2*backoff, 4*backoff, ...

    The result never exceeds max_delay. A random jitter of up to 10% is added by the caller.
    """
    return min(backoff * (2 ** (attempt - 1)), max_delay)`,
  ),
  chunk(
    "hq-101",
    PY,
    "docs/guide/retries.md",
    [1, 2],
    `
## Retrying failed jobs

Give a job a retry budget with \`@job(retries=3)\`. After a failure harbor waits \`retry_backoff\`
seconds (1 s by default) and doubles the wait after every further attempt.

${F}python
@job(retries=3, retry_backoff=0.5)
def fetch_feed(url): ...
${F}`,
  ),
  chunk(
    "hq-101",
    PY,
    "harbor/worker.py",
    [4],
    `
    except BaseException as exc:
        if attempt <= spec.retries and isinstance(exc, spec.retry_on):
            delay = next_delay(attempt, spec.backoff, spec.max_delay)
            self.broker.schedule_retry(job, delay=delay * (1 + random.random() * 0.1))
        else:
            self.broker.fail(job, error=format_exception(exc))`,
  ),
  chunk(
    "hq-101",
    PY,
    "CHANGELOG.md",
    [],
    `
## 0.9.0
- New: \`retry_max_delay\` option (default 600 s).
- Fixed: the dashboard showed the wrong attempt number for retried jobs.
- Docs: a page on deploying workers with systemd.`,
  ),
  chunk(
    "hq-101",
    JS,
    "src/errors.ts",
    [],
    `
export class HarborTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(\`harbor request timed out after \${timeoutMs} ms\`);
    this.name = "HarborTimeoutError";
  }
}`,
  ),
  chunk(
    "hq-101",
    PY,
    "tests/test_retry.py",
    [2, 3],
    `
@pytest.mark.parametrize("attempt,expected", [(1, 2.0), (2, 4.0), (3, 8.0), (9, 300.0)])
def test_next_delay_doubles_and_is_capped(attempt, expected):
    assert next_delay(attempt, backoff=2.0, max_delay=300.0) == expected`,
  ),
  chunk(
    "hq-101",
    PY,
    "docs/faq.md",
    [],
    `
### Does harbor retry jobs by default?
No. A job without \`retries\` fails on its first exception and is moved to the dead-letter queue.`,
  ),

  // hq-102 client timeouts and payloads
  chunk(
    "hq-102",
    JS,
    "src/client.ts",
    [1, 3],
    `
export interface HarborClientOptions {
  url: string;
  /** Abort a request after this many milliseconds. Default 5000. */
  timeoutMs?: number;
  /** Compress request bodies. Default "none". */
  compression?: "none" | "gzip";
  token?: string;
}

const DEFAULTS = { timeoutMs: 5_000, compression: "none" } as const;`,
  ),
  chunk(
    "hq-102",
    JS,
    "src/transport.ts",
    [1],
    `
export async function post(url: string, body: Uint8Array, opts: Required<Pick<HarborClientOptions, "timeoutMs">>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    return await fetch(url, { method: "POST", body, signal: controller.signal });
  } catch (err) {
    if (controller.signal.aborted) throw new HarborTimeoutError(opts.timeoutMs);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}`,
  ),
  chunk(
    "hq-102",
    PY,
    "harbor/server/limits.py",
    [2],
    `
MAX_PAYLOAD_BYTES = 1024 * 1024  # overridden by [server] max_payload_bytes

async def check_payload(request: Request) -> None:
    size = int(request.headers.get("content-length", "0"))
    if size > settings.max_payload_bytes:
        raise HTTPException(413, f"payload of {size} bytes exceeds max_payload_bytes")`,
  ),
  chunk(
    "hq-102",
    JS,
    "README.md",
    [3],
    `
### Large payloads

Set \`compression: "gzip"\` to gzip request bodies; the server inflates them before validation.
For anything larger than a few hundred kilobytes, store the data (S3, a database) and enqueue its key.`,
  ),
  chunk(
    "hq-102",
    JS,
    "src/transport.ts",
    [3],
    `
export function encodeBody(payload: unknown, compression: "none" | "gzip"): { body: Uint8Array; headers: Record<string, string> } {
  const json = new TextEncoder().encode(JSON.stringify(payload));
  if (compression === "none") return { body: json, headers: { "content-type": "application/json" } };
  return { body: gzipSync(json), headers: { "content-type": "application/json", "content-encoding": "gzip" } };
}`,
  ),
  chunk(
    "hq-102",
    PY,
    "docs/reference/config.md",
    [2],
    `
| key | default | meaning |
|-----|---------|---------|
| \`server.max_payload_bytes\` | \`1048576\` | largest accepted job payload; larger requests get HTTP 413 |
| \`server.bind\` | \`127.0.0.1:7400\` | address of the enqueue API |`,
  ),
  chunk(
    "hq-102",
    JS,
    "package.json",
    [],
    `
{
  "name": "@harbor/client",
  "version": "0.9.2",
  "type": "module",
  "exports": { ".": "./dist/index.js" },
  "engines": { "node": ">=18" }
}`,
  ),
  chunk(
    "hq-102",
    JS,
    "src/jobs.ts",
    [],
    `
export async function getStatus(client: HarborClient, id: string): Promise<JobStatus> {
  const res = await client.request("GET", \`/jobs/\${encodeURIComponent(id)}\`);
  return (await res.json()).status as JobStatus;
}`,
  ),

  // hq-103 scheduling
  chunk(
    "hq-103",
    PY,
    "docs/guide/scheduling.md",
    [1, 3],
    `
## Recurring jobs

Declare schedules in \`harbor.toml\`. Each entry names a job and a cron expression:

${F}toml
[schedule.nightly_report]
job = "app.tasks.build_report"
cron = "0 3 * * *"
${F}

Schedules are enqueued by the \`harbor beat\` process. Run exactly one beat per deployment;
workers never enqueue scheduled jobs on their own.`,
  ),
  chunk(
    "hq-103",
    PY,
    "harbor/beat.py",
    [2],
    `
class Beat:
    def __init__(self, schedules: list[Schedule], clock: Clock):
        self.schedules = schedules
        self.clock = clock

    def due(self, now: datetime) -> list[Schedule]:
        # cron expressions are evaluated in the schedule's timezone, UTC when none is given
        return [s for s in self.schedules if s.cron.matches(now.astimezone(s.timezone or UTC))]`,
  ),
  chunk(
    "hq-103",
    PY,
    "harbor/config.py",
    [1, 2],
    `
class ScheduleConfig(BaseModel):
    job: str
    cron: str
    timezone: str = "UTC"
    args: dict[str, Any] = {}`,
  ),
  chunk(
    "hq-103",
    PY,
    "deploy/systemd/harbor-beat.service",
    [3],
    `
[Unit]
Description=harbor beat (enqueues scheduled jobs)
After=network-online.target

[Service]
ExecStart=/opt/app/.venv/bin/harbor beat --config /etc/harbor/harbor.toml
Restart=always`,
  ),
  chunk(
    "hq-103",
    PY,
    "docs/faq.md",
    [3],
    `
### My scheduled job never runs
Check that \`harbor beat\` is running. Workers only execute jobs that are already on a queue.`,
  ),
  chunk(
    "hq-103",
    JS,
    "src/schedule.ts",
    [],
    `
/** Parses a "5m" / "2h" style interval into milliseconds (used for client-side polling). */
export function parseInterval(text: string): number {
  const m = /^(\\d+)(ms|s|m|h)$/.exec(text);
  if (!m) throw new Error(\`bad interval: \${text}\`);
  return Number(m[1]) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[m[2] as "ms" | "s" | "m" | "h"];
}`,
  ),
  chunk(
    "hq-103",
    PY,
    "examples/harbor.toml",
    [1],
    `
[schedule.cleanup_sessions]
job = "app.tasks.cleanup_sessions"
cron = "*/15 * * * *"`,
  ),
  chunk(
    "hq-103",
    PY,
    "harbor/cron.py",
    [],
    `
def parse_field(field: str, low: int, high: int) -> set[int]:
    if field == "*":
        return set(range(low, high + 1))
    if field.startswith("*/"):
        return set(range(low, high + 1, int(field[2:])))
    return {int(part) for part in field.split(",")}`,
  ),

  // hq-104 concurrency
  chunk(
    "hq-104",
    PY,
    "docs/guide/queues.md",
    [1, 3],
    `
## Per-queue limits

${F}toml
[queues.emails]
concurrency = 4      # at most 4 jobs of this queue at once, across all slots of a worker
rate_limit = "10/s"  # at most 10 job starts per second
${F}`,
  ),
  chunk(
    "hq-104",
    PY,
    "harbor/cli.py",
    [2],
    `
@click.command()
@click.option("--concurrency", "-c", default=os.cpu_count(), help="Total job slots of this worker (all queues).")
@click.option("--queues", "-q", multiple=True, help="Queues to consume, in priority order.")
def worker(concurrency: int, queues: tuple[str, ...]) -> None:
    run_worker(slots=concurrency, queues=list(queues) or ["default"])`,
  ),
  chunk(
    "hq-104",
    PY,
    "harbor/limits.py",
    [3],
    `
class RateLimiter:
    """Token bucket for a queue's rate_limit such as "10/s" or "600/m"."""

    def __init__(self, spec: str):
        count, per = spec.split("/")
        self.capacity = int(count)
        self.interval = {"s": 1.0, "m": 60.0, "h": 3600.0}[per]`,
  ),
  chunk(
    "hq-104",
    PY,
    "harbor/limits.py",
    [1],
    `
class QueueSlots:
    def __init__(self, limits: dict[str, int]):
        self._free = dict(limits)

    def try_acquire(self, queue: str) -> bool:
        if queue not in self._free:
            return True  # no per-queue concurrency set
        if self._free[queue] == 0:
            return False
        self._free[queue] -= 1
        return True`,
  ),
  chunk(
    "hq-104",
    PY,
    "docs/faq.md",
    [2],
    `
### Does \`--concurrency\` limit a single queue?
No, it is the number of slots the worker has for all of its queues together. Use
\`[queues.<name>] concurrency\` for a per-queue cap.`,
  ),
  chunk(
    "hq-104",
    JS,
    "src/index.ts",
    [],
    `
export { HarborClient } from "./client";
export type { HarborClientOptions } from "./client";
export { HarborTimeoutError } from "./errors";
export type { JobStatus } from "./jobs";`,
  ),
  chunk(
    "hq-104",
    PY,
    "deploy/k8s/worker.yaml",
    [2],
    `
containers:
  - name: worker
    image: ghcr.io/example/app:latest
    args: ["harbor", "worker", "--concurrency", "8", "-q", "emails", "-q", "default"]
    resources:
      limits: { cpu: "2", memory: 1Gi }`,
  ),
  chunk(
    "hq-104",
    PY,
    "CHANGELOG.md",
    [],
    `
## 0.8.0
- Queues consumed in priority order with \`-q\` given several times.
- Removed the deprecated \`--prefetch\` flag.`,
  ),

  // hq-105 testing
  chunk(
    "hq-105",
    PY,
    "harbor/testing.py",
    [1, 3],
    `
class InlineBroker(Broker):
    """Runs every job synchronously, in the calling process, when it is enqueued.

    The returned handle is already complete: handle.value holds the return value.
    """

    def enqueue(self, spec: JobSpec, *args, **kwargs) -> Handle:
        try:
            return Handle.completed(spec.fn(*args, **kwargs))
        except BaseException as exc:
            return Handle.failed(exc)`,
  ),
  chunk(
    "hq-105",
    PY,
    "harbor/pytest_plugin.py",
    [2],
    `
@pytest.fixture
def harbor_inline(monkeypatch):
    """Install harbor.testing.InlineBroker for the duration of one test."""
    broker = InlineBroker()
    monkeypatch.setattr(harbor.runtime, "broker", broker)
    yield broker`,
  ),
  chunk(
    "hq-105",
    PY,
    "harbor/handle.py",
    [3, 4],
    `
class Handle:
    @property
    def value(self) -> Any:
        """The job's return value; waits for completion; re-raises the job's exception if it failed."""
        self.wait()
        if self._error is not None:
            raise self._error
        return self._value`,
  ),
  chunk(
    "hq-105",
    PY,
    "docs/guide/testing.md",
    [1, 2],
    `
## Testing without a broker

Request the \`harbor_inline\` fixture and your jobs run inline, synchronously:

${F}python
def test_totals(harbor_inline):
    assert compute_totals.enqueue(account_id=7).value == 42
${F}`,
  ),
  chunk(
    "hq-105",
    PY,
    "tests/conftest.py",
    [],
    `
@pytest.fixture(scope="session")
def redis_url() -> str:
    return os.environ.get("HARBOR_TEST_REDIS", "redis://127.0.0.1:6379/15")`,
  ),
  chunk(
    "hq-105",
    PY,
    "docs/guide/testing.md",
    [4],
    `
If the job raises, reading \`handle.value\` raises the same exception, so \`pytest.raises\` works:

${F}python
with pytest.raises(InvoiceMissing):
    process_invoice.enqueue(invoice_id=0).value
${F}`,
  ),
  chunk(
    "hq-105",
    JS,
    "test/client.test.ts",
    [],
    `
it("sends the bearer token", async () => {
  const seen: Request[] = [];
  const client = new HarborClient({ url: "http://harbor.test", token: "t0k", fetch: async (r) => (seen.push(r), new Response("{}")) });
  await client.enqueue("noop", {});
  expect(seen[0]!.headers.get("authorization")).toBe("Bearer t0k");
});`,
  ),
  chunk(
    "hq-105",
    PY,
    "harbor/brokers/redis.py",
    [],
    `
class RedisBroker(Broker):
    def __init__(self, url: str):
        self.redis = Redis.from_url(url)

    def enqueue(self, spec: JobSpec, *args, **kwargs) -> Handle:
        job_id = new_job_id()
        self.redis.lpush(spec.queue, encode(job_id, spec, args, kwargs))
        return Handle(job_id, self)`,
  ),
];
