// Small process helpers for the start, test and bench scripts (plain Node: they run before
// node_modules exists).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Runs a command with inherited output; exits the script with one line when it fails. */
export function run(command, args, { env = {}, quiet = false, what } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    fail(`${what ?? [command, ...args].join(" ")} failed${result.error ? `: ${result.error.message}` : ""}`);
  }
  return result.stdout ?? "";
}

/** Like run, but returns the exit status instead of exiting. */
export function runStatus(command, args, { env = {} } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: "inherit",
  });
  return result.status ?? 1;
}

/** Starts a long-running child with inherited output. */
export function start(command, args, env = {}) {
  return spawn(command, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: "inherit",
  });
}

export function step(message) {
  console.log(`\n▸ ${message}`);
}

export function fail(message) {
  console.error(`assay: ${message}`);
  process.exit(1);
}

/** Runs a command quietly; returns its status and combined output (never exits). */
export function capture(command, args, { env = {} } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    encoding: "utf8",
  });
  return {
    status: result.status ?? 1,
    output: `${result.stdout ?? ""}${result.stderr ?? ""}`,
    stdout: result.stdout ?? "",
  };
}

/** The same without blocking: for steps that run side by side (the fault tests of both engines). */
export function captureAsync(command, args, { env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error) => resolve({ status: 1, output: `${stdout}${stderr}${error.message}`, stdout }));
    child.on("close", (status) => resolve({ status: status ?? 1, output: `${stdout}${stderr}`, stdout }));
  });
}
