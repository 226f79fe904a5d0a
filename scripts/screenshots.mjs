#!/usr/bin/env node
// `npm run screenshots [-- --dist DIR]`: the README's tour, taken from the demo so it stays true.
// On a fresh SQLite database seeded with the demo (as `npm start` seeds it), a production build
// (`.next-screenshots`, or an existing build given with --dist, such as the tests' .next-test) is
// served on a free port, and Debian's Chromium signs in as the demo's researcher and annotator and
// saves each page of the tour at 1,280 x 800 (and the workspace at 390 x 844) into
// docs/screenshots/.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureChromium } from "./lib/chromium.mjs";
import { freePorts } from "./lib/free-ports.mjs";
import { bin, fail, root, run, step } from "./lib/run.mjs";
import { ensureDependencies, ensurePrismaClients, migrate } from "./lib/setup.mjs";

const { values } = parseArgs({ options: { dist: { type: "string" } } });
const PASSWORD = "assay-demo";
const out = path.join(root, "docs", "screenshots");

ensureDependencies();
ensurePrismaClients();
const chromiumPath = ensureChromium();
const dir = path.join(root, "data", "screenshots");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const url = `file:${path.join(dir, "demo.db")}`;
step("Seeding the demo on a fresh database");
migrate(url);
run("node", ["--conditions=react-server", "--import", "tsx", "prisma/seed.ts"], {
  env: { DATABASE_URL: url },
  quiet: true,
  what: "seeding the demo",
});
const distDir = values.dist ?? ".next-screenshots";
if (!values.dist) {
  step(`Building Assay into ${distDir}`);
  run(bin("next"), ["build"], { env: { ASSAY_DIST_DIR: distDir }, quiet: true, what: "next build" });
}

const [port] = await freePorts(1);
const base = `http://127.0.0.1:${port}`;
const server = spawn("node", ["scripts/serve.mjs", "-p", String(port), "-H", "127.0.0.1"], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: url,
    ASSAY_DIST_DIR: distDir,
    NEXTAUTH_URL: base,
    NEXTAUTH_SECRET: "screenshots-only-secret-0123456789abcdef",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

try {
  await waitUntilUp();
  const { chromium } = await import("playwright");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox"] });
  fs.mkdirSync(out, { recursive: true });
  const taken = [];
  const shoot = async (page, name, pathname, ready) => {
    await page.goto(`${base}${pathname}`);
    await page.waitForLoadState("networkidle");
    if (ready) await ready(page);
    const file = path.join(out, `${name}.png`);
    await page.screenshot({ path: file });
    taken.push(path.relative(root, file));
  };

  const researcher = await signedIn(browser, "researcher@assay.local", { width: 1280, height: 800 });
  const studies = await (await researcher.request.get(`${base}/api/studies`)).json();
  const idOf = (name) => studies.studies.find((s) => s.name === name)?.id ?? fail(`no demo study named ${name}`);
  const harbor = idOf("Harbor job queue (demo)");
  const trams = idOf("Lindenfeld trams (demo, relevance)");
  await shoot(researcher, "overview", `/studies/${harbor}`);
  await shoot(researcher, "explorer-question", `/studies/${trams}/explorer`, async (page) => {
    await page.locator('a[href*="/explorer/questions/"]').first().click();
    await page.waitForURL(/\/explorer\/questions\//);
    await page.waitForLoadState("networkidle");
  });
  await shoot(researcher, "agreement", `/studies/${harbor}/agreement`);
  await shoot(researcher, "impact", `/studies/${harbor}/impact`);
  await shoot(researcher, "corrected-estimates", `/studies/${harbor}/corrected-estimates`);
  await shoot(researcher, "judging", `/studies/${harbor}/judging`);

  for (const [name, viewport] of [
    ["workspace", { width: 1280, height: 800 }],
    ["workspace-phone", { width: 390, height: 844 }],
  ]) {
    const annotator = await signedIn(browser, "annotator@assay.local", viewport);
    const { campaigns } = await (await annotator.request.get(`${base}/api/me/campaigns`)).json();
    await shoot(annotator, name, `/annotate/${campaigns[0].id}`, (page) => page.getByTestId("item-position").waitFor());
    await annotator.context().close();
  }
  await browser.close();
  console.log(`Saved ${taken.length} screenshots:\n${taken.map((f) => `  ${f}`).join("\n")}`);
} finally {
  stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A page of a new browser context signed in as the demo user `email`. */
async function signedIn(browser, email, viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const { csrfToken } = await (await page.request.get(`${base}/api/auth/csrf`)).json();
  const response = await page.request.post(`${base}/api/auth/callback/credentials`, {
    form: { csrfToken, email, password: PASSWORD, json: "true" },
    maxRedirects: 0,
  });
  if (response.status() >= 400) fail(`signing in as ${email} failed: ${response.status()}`);
  return page;
}

async function waitUntilUp() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) fail("the server exited before it was up");
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail("the server did not start within a minute");
}
