#!/usr/bin/env node
// `npm run build:cli` (also run by npm start, npm test and the assay bin when the sources changed):
// bundles the command line (lib/cli/main.ts) ahead of time with esbuild into .assay/cli/, so a
// command starts without the TypeScript loader. Code splitting keeps what a command does not use
// (Prisma, the database drivers) out of its start: `assay help` loads one small file. Packages
// stay in node_modules; `server-only` is the empty module the react-server condition gives.
// It also links node_modules/.bin/assay to the bin (scripts/assay.mjs), the fastest way to call it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CLI_DIR = path.join(root, ".assay", "cli");
export const CLI_ENTRY = path.join(CLI_DIR, "cli.js");

/** The newest modification time of the files the bundle is built from. */
function sourcesTime() {
  let newest = 0;
  for (const dir of ["lib", "prisma/demo", "prisma/factories"]) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Whether the bundle is missing or older than a source file. */
export function cliIsStale() {
  return !fs.existsSync(CLI_ENTRY) || fs.statSync(CLI_ENTRY).mtimeMs < sourcesTime();
}

/** Bundles the command line into .assay/cli (built aside, then moved in, so a running command never sees half of it). */
export async function buildCli() {
  const esbuild = await import("esbuild");
  const aside = `${CLI_DIR}.${process.pid}.tmp`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: "lib/cli/main.ts" },
    outdir: aside,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    conditions: ["react-server"],
    logLevel: "warning",
    plugins: [
      {
        name: "server-only",
        setup(build) {
          build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
          build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
        },
      },
    ],
  });
  fs.rmSync(CLI_DIR, { recursive: true, force: true });
  try {
    fs.renameSync(aside, CLI_DIR);
  } catch {
    fs.rmSync(aside, { recursive: true, force: true }); // another process's build got there first
  }
}

/** Links node_modules/.bin/assay to the bin (npm links the bins of dependencies only, not a project's own). */
export function linkBin() {
  const link = path.join(root, "node_modules", ".bin", "assay");
  const target = path.relative(path.dirname(link), path.join(root, "scripts", "assay.mjs"));
  if (!fs.existsSync(path.dirname(link))) return;
  if (fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() && fs.readlinkSync(link) === target) return;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(target, link);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildCli();
  linkBin();
  console.log(`Built the command line into .assay/cli in ${Math.round(performance.now() - started)} ms`);
}
