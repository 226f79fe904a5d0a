// Every function of the project's sources with its length in lines, tests and e2e specs left out (a
// test's `describe` is a list of cases): what `node scripts/long-functions.mjs` lists and what
// scripts/long-functions.test.ts holds docs/ARCHITECTURE.md to.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { root } from "./run.mjs";

const SKIP = new Set(["node_modules", ".git", "data", "generated", "e2e"]);

function nameOf(node) {
  if (node.name) return node.name.getText();
  if (node.parent && ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  if (node.parent && ts.isCallExpression(node.parent))
    return `(callback of ${node.parent.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

function functionsOf(file, found) {
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
      found.push({ lines: last - first + 1, where: `${path.relative(root, file)}:${first + 1}`, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Every function, longest first. */
export function functionLengths() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith(".next")) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$|\.test\.tsx?$/.test(entry.name)) functionsOf(file, found);
    }
  };
  walk(root);
  return found.sort((a, b) => b.lines - a.lines);
}
