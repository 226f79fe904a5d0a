import { defineConfig, devices } from "@playwright/test";

// scripts/test.mjs builds into .next-test, migrates and seeds the e2e database, then runs this.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    {
      name: "debian-chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // Playwright cannot download its browsers here; drive Debian's chromium package.
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        },
      },
    },
  ],
  webServer: {
    command: `node_modules/.bin/next start -p ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      ASSAY_DIST_DIR: process.env.ASSAY_DIST_DIR ?? ".next-test",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./data/test/e2e.db",
      NEXTAUTH_URL: baseURL,
      NEXTAUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789",
    },
  },
});
