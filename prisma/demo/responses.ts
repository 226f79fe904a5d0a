// Two RAG systems' answers to five demo questions. A citation [n] names a chunk of the question's
// pool by its index in that question's chunk list (0-based), resolved when seeding.

export type DemoResponse = { question: string; system: string; text: string; citations: Record<number, number> };

export const RAG_SYSTEMS = ["rag-baseline", "rag-rerank"] as const;

export const DEMO_RESPONSES: DemoResponse[] = [
  {
    question: "hq-101",
    system: "rag-baseline",
    text: "Use `@job(retries=3)` to retry a failed job [1]. harbor waits `retry_backoff` seconds before retrying [2]. By default jobs are not retried [3].",
    citations: { 1: 2, 2: 2, 3: 7 },
  },
  {
    question: "hq-101",
    system: "rag-rerank",
    text: 'Set `retries` on the decorator and list the retryable exceptions in `retry_on`; other exceptions fail at once [1]. The delay starts at `retry_backoff` and doubles each attempt, capped by `retry_max_delay` [2].\n\n```python\n@job(queue="payments", retries=5, retry_on=(ConnectionError,))\ndef charge(order_id): ...\n```',
    citations: { 1: 0, 2: 1 },
  },
  {
    question: "hq-102",
    system: "rag-baseline",
    text: "The client has a default timeout of 5 seconds [1]. Increase `timeoutMs` when creating `HarborClient`. Payloads are not limited by the server.",
    citations: { 1: 0 },
  },
  {
    question: "hq-102",
    system: "rag-rerank",
    text: 'Requests abort after `timeoutMs` (5000 ms by default) [1], and the server refuses bodies above `max_payload_bytes`, 1 MiB by default, with HTTP 413 [2]. Enable `compression: "gzip"` [3] or enqueue a reference to the data instead of the data.',
    citations: { 1: 0, 2: 2, 3: 3 },
  },
  {
    question: "hq-103",
    system: "rag-baseline",
    text: 'Add a `[schedule.<name>]` entry with `job` and `cron` to `harbor.toml` [1] and run `harbor beat` [1]. Set `timezone = "Europe/Berlin"`, otherwise the cron expression is read as UTC [2].',
    citations: { 1: 0, 2: 2 },
  },
  {
    question: "hq-103",
    system: "rag-rerank",
    text: "harbor has no scheduler; use the system crontab to call a script that enqueues the job [1].",
    citations: { 1: 5 },
  },
  {
    question: "hq-105",
    system: "rag-baseline",
    text: "Request the `harbor_inline` fixture [1]; jobs then run synchronously through `InlineBroker` [2] and `handle.value` holds the result [2].",
    citations: { 1: 1, 2: 0 },
  },
  {
    question: "hq-105",
    system: "rag-rerank",
    text: "Point the tests at a Redis database reserved for tests with `HARBOR_TEST_REDIS` [1].",
    citations: { 1: 4 },
  },
  {
    question: "hq-107",
    system: "rag-baseline",
    text: "Failed jobs go to `<queue>.dead` [1]. Run `harbor dlq requeue payments --all` to put them back [2]. They are kept for `dead_letter_ttl`, 7 days by default [3].",
    citations: { 1: 0, 2: 3, 3: 2 },
  },
  {
    question: "hq-107",
    system: "rag-rerank",
    text: "Jobs that exhaust their retries are moved to the dead-letter queue [1]; `harbor dlq list` shows them and `harbor dlq requeue` replays them [2].",
    citations: { 1: 0, 2: 1 },
  },
];
