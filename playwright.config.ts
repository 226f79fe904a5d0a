import { defineConfig, devices } from "@playwright/test";

// scripts/test.mjs builds into .next-test, migrates and seeds the e2e database, migrates an empty
// database for the first-day test, then runs this. Two servers on one build, each with its own
// database (a lane): the seeded world (most specs, then the phone's), and an empty database where a
// new team starts from nothing (e2e/first-day.spec.ts) and a researcher brings LLMJudge's
// qrels-only files (e2e/llmjudge*.spec.ts). Within a lane the specs run one after the other in name
// order. The two lanes run side by side (`workers: 2`: 6 min against 8 on one worker). Two lanes on
// two cores once brought out a race in the workspace (a key pressed as a screen was drawn reached the
// handlers of the screen before it); use-annotation-keys.ts fixed it and workspace-keys.spec.ts
// presses keys at that instant on purpose.
// scripts/test.mjs passes ports the system says are free (E2E_PORT, E2E_FIRST_DAY_PORT)
const port = Number(process.env.E2E_PORT ?? 3100);
const firstDayPort = Number(process.env.E2E_FIRST_DAY_PORT ?? port + 1);
const baseURL = `http://localhost:${port}`;
const firstDayURL = `http://localhost:${firstDayPort}`;

const chromium = {
  // Playwright cannot download its browsers here; drive Debian's chromium package.
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const server = (url: string, listen: number, databaseUrl: string) => ({
  command: `node scripts/serve.mjs -p ${listen}`,
  url: `${url}/api/health`,
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  env: {
    NEXT_TELEMETRY_DISABLED: "1",
    ASSAY_DIST_DIR: process.env.ASSAY_DIST_DIR ?? ".next-test",
    DATABASE_URL: databaseUrl,
    NEXTAUTH_URL: url,
    NEXTAUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789",
    // stored judge endpoint keys are sealed with it; e2e/judge-endpoints.spec.ts also names a key variable
    ASSAY_ENCRYPTION_KEY: "e2e0".repeat(16),
    ASSAY_JUDGE_KEY_E2E: "sk-e2e-from-the-environment",
  },
});

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // a multi-user flow takes about 20 s on a quiet 2-core machine; the budget is nine times that,
  // so a busy or slow host (two lanes on two cores, a host twice as slow as usual) slows a test
  // down without failing it; an expectation waits 20 s at most. Both cost time only when a test fails
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // a failed test keeps its trace (each action, the console and the network) and a screenshot of
  // its end; the trace takes no screenshot or DOM snapshot at every action, which cost a fifth of
  // the browser tests' time (trec-rag and gold-items: 57-60 s with them, 46 s without)
  use: { trace: { mode: "retain-on-failure", screenshots: false, snapshots: false }, screenshot: "only-on-failure" },
  projects: [
    {
      name: "debian-chromium",
      workers: 1,
      testIgnore: [
        /first-day\.spec\.ts/,
        /llmjudge.*\.spec\.ts/,
        /trec-rag\.spec\.ts/,
        /trec-rag-nugget-sets\.spec\.ts/,
        /nuggetizer-runs\.spec\.ts/,
        /relevance-adjudication\.spec\.ts/,
        /gold-items\.spec\.ts/,
        /phone\.spec\.ts/,
        /reports-needs\.spec\.ts/,
        /llm-alt-test\.spec\.ts/,
        /noveleval-significance\.spec\.ts/,
      ],
      use: { ...devices["Desktop Chrome"], baseURL, launchOptions: chromium },
    },
    {
      name: "phone",
      workers: 1,
      // on the seeded world, after the specs above (as when one worker ran every spec): one lane
      dependencies: ["debian-chromium"],
      testMatch: /phone\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        baseURL,
        launchOptions: chromium,
      },
    },
    {
      name: "first-day",
      workers: 1,
      // specs on the database that starts empty: first-day runs first (files run in name order) and
      // expects it empty; the llmjudge, relevance-adjudication, gold-items, trec-rag, trec-rag-nugget-sets, reports-needs, llm-alt-test and noveleval-significance specs make their own
      // users and studies after it
      testMatch: [
        /first-day\.spec\.ts/,
        /llmjudge.*\.spec\.ts/,
        /relevance-adjudication\.spec\.ts/,
        /gold-items\.spec\.ts/,
        /trec-rag\.spec\.ts/,
        /trec-rag-nugget-sets\.spec\.ts/,
        /nuggetizer-runs\.spec\.ts/,
        /reports-needs\.spec\.ts/,
        /llm-alt-test\.spec\.ts/,
        /noveleval-significance\.spec\.ts/,
      ],
      use: { ...devices["Desktop Chrome"], baseURL: firstDayURL, launchOptions: chromium },
    },
  ],
  webServer: [
    server(baseURL, port, process.env.E2E_DATABASE_URL ?? "file:./data/test/e2e.db"),
    server(firstDayURL, firstDayPort, process.env.E2E_FIRST_DAY_DATABASE_URL ?? "file:./data/test/first-day.db"),
  ],
});
