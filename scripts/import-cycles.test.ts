// No module imports itself through others, type-only imports included (docs/ARCHITECTURE.md,
// "Dependency rules"): a cycle is a sign that a type or a function lives in the wrong file.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "components", "lib", "prisma", "scripts"];

/** The project's source files (tests and generated code aside), relative to the root. */
function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "generated") walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(file);
    }
  };
  for (const folder of FOLDERS) walk(folder);
  return found;
}

/** The project file an import names, or null for a package. */
function resolve(from: string, spec: string, files: ReadonlySet<string>): string | null {
  const base = spec.startsWith("@/")
    ? spec.slice(2)
    : spec.startsWith(".")
      ? path.join(path.dirname(from), spec)
      : null;
  if (base === null) return null;
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base].find((f) => files.has(f)) ?? null;
}

/** Every cycle of the import graph, as the files of each strongly connected component (Tarjan). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The graph of a layer's folders (`lib/server`, `lib/domain`): an edge where a file of one imports a file of another. */
export function folderGraph(layer: string, files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folderOf = (file: string) => {
    const rest = file.startsWith(`${layer}/`) ? file.slice(layer.length + 1) : null;
    return rest?.includes("/") ? rest.split("/")[0]! : null; // a file of the layer's own floor is in no folder
  };
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    if (from === null) continue;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return new Map([...graph].map(([folder, edges]) => [folder, [...edges]]));
}

/** The project's import graph: each source file and the project files it imports. */
function projectGraph(): Map<string, string[]> {
  const files = sourceFiles();
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), "utf8"), true, true);
      return [file, importedFiles.flatMap((i) => resolve(file, i.fileName, known) ?? [])] as const;
    }),
  );
}

describe("the import graph", () => {
  it("finds a cycle where there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"]]);
    expect(
      importCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("has no cycle", () => {
    const graph = projectGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(importCycles(graph)).toEqual([]);
  });

  it("finds two folders that import each other, and not a file of the layer's own floor", () => {
    const files = new Map([
      ["lib/server/a/one.ts", ["lib/server/b/two.ts"]],
      ["lib/server/b/two.ts", ["lib/server/a/three.ts", "lib/server/errors.ts"]],
      ["lib/server/errors.ts", ["lib/server/a/one.ts"]],
    ]);
    expect(importCycles(folderGraph("lib/server", files))).toEqual([["a", "b"]]);
    files.set("lib/server/b/two.ts", ["lib/server/errors.ts"]);
    expect(importCycles(folderGraph("lib/server", files))).toEqual([]);
  });

  // a shared piece lives one floor down (a query module in db/, a type in a file of its own), so
  // features build on each other one way (docs/ARCHITECTURE.md, "Dependency rules")
  it("has no two folders of lib/server, nor of lib/domain, that import each other, directly or through others", () => {
    const graph = projectGraph();
    for (const layer of ["lib/server", "lib/domain"]) {
      const folders = folderGraph(layer, graph);
      expect(folders.size, layer).toBeGreaterThan(15);
      expect(importCycles(folders), layer).toEqual([]);
    }
  });
});
