// Demo study content, written for Assay: questions about "harbor", a fictional Python job queue
// with a TypeScript client. Any resemblance to a real project's API is for realism only.

export type DemoQuestion = {
  id: string;
  title: string;
  body: string;
  answer: string;
  tags: string[];
  nuggets: string[];
};

const fence = "```";

export const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    id: "hq-101",
    title: "How do I retry a failed job with exponential backoff?",
    tags: ["python", "retries"],
    body: `My job calls a flaky payment API and sometimes raises \`ConnectionError\`. Right now the job just fails:

${fence}python
from harbor import job

@job(queue="payments")
def charge(order_id: int) -> None:
    gateway.charge(order_id)
${fence}

How do I make harbor retry it a few times, waiting longer between attempts, but *not* retry on a \`ValueError\`?`,
    answer: `Pass \`retries\` to the \`@job\` decorator and restrict the retried exceptions with \`retry_on\`:

${fence}python
@job(queue="payments", retries=5, retry_on=(ConnectionError,), retry_backoff=2.0, retry_max_delay=300)
def charge(order_id: int) -> None:
    gateway.charge(order_id)
${fence}

The delay starts at \`retry_backoff\` seconds and doubles after each attempt, capped at \`retry_max_delay\`. Exceptions not listed in \`retry_on\` fail the job immediately.`,
    nuggets: [
      "The @job decorator's retries argument sets how many times a failed job is retried.",
      "retry_backoff sets the first delay, which doubles after every attempt.",
      "retry_max_delay caps the delay between attempts.",
      "Only exceptions listed in retry_on trigger a retry; others fail the job at once.",
    ],
  },
  {
    id: "hq-102",
    title: "TypeScript client times out when enqueuing large payloads",
    tags: ["typescript", "client"],
    body: `Enqueuing a job with a ~3 MB JSON payload from Node fails after a few seconds:

${fence}ts
const client = new HarborClient({ url: process.env.HARBOR_URL! });
await client.enqueue("reports.build", { rows }); // HarborTimeoutError
${fence}

Small payloads work. What limits apply and how do I raise them?`,
    answer: `Two limits apply. The client aborts requests after \`timeoutMs\` (5000 ms by default), and the server rejects bodies above \`max_payload_bytes\` (1 MiB by default) with HTTP 413. Raise the client timeout, enable \`compression: "gzip"\`, and for large data store it elsewhere and enqueue a reference.`,
    nuggets: [
      "HarborClient aborts a request after timeoutMs, 5000 ms by default.",
      "The server rejects payloads above max_payload_bytes (1 MiB by default) with HTTP 413.",
      'The client option compression: "gzip" shrinks the request body.',
    ],
  },
  {
    id: "hq-103",
    title: "How do I schedule a recurring job like a cron task?",
    tags: ["python", "scheduling", "config"],
    body: `I want \`cleanup_sessions\` to run every night at 02:30 local time (Europe/Berlin). Is there something like cron in harbor, or do I need the system crontab?`,
    answer: `Declare it in the \`[schedule]\` table of \`harbor.toml\` with a cron expression, set \`timezone\` (schedules are UTC unless you do), and run the \`harbor beat\` process, which enqueues scheduled jobs; workers alone never do.

${fence}toml
[schedule.cleanup]
job = "app.tasks.cleanup_sessions"
cron = "30 2 * * *"
timezone = "Europe/Berlin"
${fence}`,
    nuggets: [
      "Recurring jobs are declared in the [schedule] table of harbor.toml with a cron expression.",
      "Schedules run in UTC unless a timezone is set.",
      "The harbor beat process must be running; workers do not enqueue scheduled jobs themselves.",
    ],
  },
  {
    id: "hq-104",
    title: "Limit how many jobs of one queue run at the same time",
    tags: ["config", "workers"],
    body: `Our \`emails\` queue hammers the SMTP relay. I'd like at most 4 email jobs at once and no more than 10 per second, while other queues keep using all workers. How?`,
    answer: `Set \`concurrency\` (and optionally \`rate_limit\`) on the queue in \`harbor.toml\`; the worker's \`--concurrency\` flag only sets the total number of slots.

${fence}toml
[queues.emails]
concurrency = 4
rate_limit = "10/s"
${fence}`,
    nuggets: [
      "A queue's concurrency setting in harbor.toml caps how many of its jobs run at once.",
      "The worker's --concurrency flag sets the total number of slots, not a per-queue limit.",
      'rate_limit such as "10/s" limits how many jobs of a queue start per second.',
    ],
  },
  {
    id: "hq-105",
    title: "How can I test jobs in pytest without a running broker?",
    tags: ["python", "testing"],
    body: `Our CI has no Redis. I want unit tests that enqueue a job and assert on its result:

${fence}python
def test_totals():
    handle = compute_totals.enqueue(account_id=7)
    assert handle.value == 42  # hangs forever without a broker
${fence}`,
    answer: `Use \`harbor.testing.InlineBroker\`, which runs jobs synchronously in the calling process. The \`harbor_inline\` pytest fixture installs it for one test; \`enqueue\` then returns a handle whose \`.value\` is already set (or raises the job's exception).`,
    nuggets: [
      "harbor.testing.InlineBroker runs jobs synchronously in the calling process.",
      "The harbor_inline pytest fixture installs the inline broker for a single test.",
      "With the inline broker, the handle returned by enqueue already holds the result in .value.",
      "A job that raises makes .value re-raise the job's exception.",
    ],
  },
  {
    id: "hq-106",
    title: "Cancel a running job from the TypeScript SDK",
    tags: ["typescript", "python", "cancellation"],
    body: `A user can abort a long export. From our Node API I call:

${fence}ts
await client.jobs.cancel(jobId);
${fence}

but the Python job keeps running until it finishes. What am I missing?`,
    answer: `Cancellation is cooperative. \`client.jobs.cancel(id)\` only marks the job; its status is \`"cancelling"\` until the worker acknowledges. The job must check \`ctx.cancelled\` (or call \`ctx.raise_if_cancelled()\`) in its loop and stop.`,
    nuggets: [
      "client.jobs.cancel(id) requests cancellation of a job.",
      "Cancellation is cooperative: the job must check ctx.cancelled and stop itself.",
      'The job\'s status is "cancelling" until a worker acknowledges the cancellation.',
    ],
  },
  {
    id: "hq-107",
    title: "Where do jobs go after all retries fail, and how do I requeue them?",
    tags: ["operations", "retries"],
    body: `After a deploy with a bug, ~300 jobs failed all their retries. We fixed the bug. Can I run them again, and how long are they kept?`,
    answer: `Jobs that exhaust their retries move to the dead-letter queue \`<queue>.dead\`. List them with \`harbor dlq list payments\` and requeue with \`harbor dlq requeue payments --all\`. Dead jobs are kept for \`dead_letter_ttl\` (7 days by default).`,
    nuggets: [
      "Jobs that exhaust their retries move to a dead-letter queue named <queue>.dead.",
      "harbor dlq list shows dead jobs and harbor dlq requeue puts them back on their queue.",
      "Dead jobs are kept for dead_letter_ttl, 7 days by default.",
    ],
  },
  {
    id: "hq-108",
    title: "Passing API keys to workers without putting them in job arguments",
    tags: ["security", "config"],
    body: `We enqueue jobs like \`sync_crm.enqueue(api_key=KEY)\`. A colleague says that's unsafe. Why, and what's the recommended way?`,
    answer: `Job arguments are stored in plain text in the broker and appear in the dashboard, so never pass secrets as arguments. Reference them in the \`[secrets]\` table of \`harbor.toml\` (\`env:NAME\` values are resolved when the worker starts) and read them in the job with \`ctx.secrets.get("NAME")\`.`,
    nuggets: [
      "Job arguments are stored in plain text in the broker and shown in the dashboard.",
      "The [secrets] table of harbor.toml references environment variables as env:NAME, resolved at worker start.",
      "Jobs read secrets with ctx.secrets.get(name).",
    ],
  },
  {
    id: "hq-109",
    title: "Avoid enqueuing the same job twice",
    tags: ["python", "idempotency"],
    body: `A webhook can be delivered twice, and each delivery enqueues \`process_invoice(invoice_id)\`. Can harbor drop the duplicate? Is that enough to make processing exactly-once?`,
    answer: `Pass \`dedupe_key\` when enqueuing; another enqueue with the same key within \`dedupe_window\` (default 1 hour) is dropped and returns the existing job's id. Delivery is still at-least-once (a worker can crash after doing the work), so the job itself must be idempotent.`,
    nuggets: [
      "enqueue accepts a dedupe_key; a second enqueue with the same key within dedupe_window returns the existing job id.",
      "dedupe_window defaults to one hour.",
      "Delivery is at-least-once, so jobs must still be idempotent.",
    ],
  },
  {
    id: "hq-110",
    title: "Export job latency to Prometheus",
    tags: ["operations", "metrics"],
    body: `We run Prometheus and Grafana. Which metrics does a harbor worker expose, and how do I turn them on? I mostly care about job duration per queue and backlog size.`,
    answer: `Set \`[metrics] port = 9108\` in \`harbor.toml\`; each worker then serves \`/metrics\`. Job duration is the histogram \`harbor_job_duration_seconds\` with a \`queue\` label, and the backlog is the gauge \`harbor_queue_depth\`.`,
    nuggets: [
      "Setting metrics.port in harbor.toml makes each worker serve /metrics.",
      "harbor_job_duration_seconds is a histogram of job durations labelled by queue.",
      "harbor_queue_depth is a gauge of the number of waiting jobs per queue.",
    ],
  },
];
