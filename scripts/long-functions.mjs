#!/usr/bin/env node
// `node scripts/long-functions.mjs [MAX]`: every function of the sources longer than MAX lines (80),
// longest first, tests and e2e specs left out (a test's `describe` is a list of cases). The ones
// that stay long are listed, with their reason, in docs/ARCHITECTURE.md ("Functions over 80 lines").
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { root } from "./lib/run.mjs";

const max = Number(process.argv[2] ?? 80);
const SKIP = new Set(["node_modules", ".git", "data", "generated", "e2e"]);
const found = [];

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith(".next")) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$|\.test\.tsx?$/.test(entry.name)) read(file);
  }
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  if (node.parent && ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  if (node.parent && ts.isCallExpression(node.parent))
    return `(callback of ${node.parent.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

function read(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > max)
        found.push([last - first + 1, `${path.relative(root, file)}:${first + 1}`, nameOf(node)]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

walk(root);
found.sort((a, b) => b[0] - a[0]);
for (const [lines, where, name] of found) console.log(`${lines}\t${where}\t${name}`);
console.log(`${found.length} functions over ${max} lines`);
