#!/usr/bin/env node
// `node scripts/long-functions.mjs [MAX]`: every function of the sources longer than MAX lines (80),
// longest first, tests and e2e specs left out (a test's `describe` is a list of cases). The ones
// that stay long are listed, with their reason, in docs/ARCHITECTURE.md ("Functions over 80 lines"),
// which scripts/long-functions.test.ts checks.
import { functionLengths } from "./lib/function-lengths.mjs";

const max = Number(process.argv[2] ?? 80);
const found = functionLengths().filter((f) => f.lines > max);
for (const { lines, where, name } of found) console.log(`${lines}\t${where}\t${name}`);
console.log(`${found.length} functions over ${max} lines`);
