import fs from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript module used by npm scripts
import { providers, renderSchema, schemaPath } from "../scripts/prisma-schemas.mjs";

describe("provider schemas", () => {
  it.each(Object.keys(providers as object))(
    "prisma/%s/schema.prisma is generated from prisma/models.prisma",
    (provider) => {
      // Fails when someone edits a generated schema, or edits models.prisma without `npm run db:schemas`.
      expect(fs.readFileSync(schemaPath(provider), "utf8")).toBe(renderSchema(provider));
    },
  );
});

describe("migration scripts", () => {
  // @prisma/adapter-pg runs a script by splitting it on every ";": one inside a comment cuts a
  // statement in two and the migration fails on PostgreSQL only.
  const scripts = ["sqlite", "postgres"].flatMap((engine) =>
    fs
      .readdirSync(`prisma/${engine}/migrations`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `prisma/${engine}/migrations/${d.name}/migration.sql`),
  );
  it.each(scripts)("%s has no semicolon inside a comment", (file) => {
    const comments = fs.readFileSync(file, "utf8").match(/--[^\n]*|\/\*[\s\S]*?\*\//g) ?? [];
    expect(comments.filter((c) => c.includes(";"))).toEqual([]);
  });
});
