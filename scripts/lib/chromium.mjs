// Debian's Chromium for Playwright: Playwright's own browser download cannot work offline.
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import { fail, step } from "./run.mjs";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

/** The Chromium executable, installed with apt when missing and allowed (root, and ASSAY_NO_APT unset). */
export function ensureChromium() {
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (found) return found;
  const canApt = process.getuid?.() === 0 && !process.env.ASSAY_NO_APT && spawnSync("which", ["apt-get"]).status === 0;
  if (!canApt) {
    fail(
      "Chromium is missing for the end-to-end tests: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run npm test again",
    );
  }
  step("Installing Debian's chromium for the end-to-end tests (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let result = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) {
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    result = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { stdio: "inherit", env });
  }
  if (result.status !== 0 || !fs.existsSync("/usr/bin/chromium"))
    fail("installing chromium with apt-get failed; install it by hand and run npm test again");
  return "/usr/bin/chromium";
}
