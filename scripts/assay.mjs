#!/usr/bin/env node
// The `assay` bin (node_modules/.bin/assay, npx assay, npm run assay): runs the command line as
// scripts/build-cli.mjs bundled it, bundling it first when it is missing or older than its sources.
import { buildCli, CLI_ENTRY, cliIsStale } from "./build-cli.mjs";
import { pathToFileURL } from "node:url";

if (cliIsStale()) await buildCli();
await import(pathToFileURL(CLI_ENTRY).href);
