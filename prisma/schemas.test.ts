import fs from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript module used by npm scripts
import { providers, renderSchema, schemaPath } from "../scripts/prisma-schemas.mjs";

describe("provider schemas", () => {
  it.each(Object.keys(providers as object))("prisma/%s/schema.prisma is generated from prisma/models.prisma", (provider) => {
    // Fails when someone edits a generated schema, or edits models.prisma without `npm run db:schemas`.
    expect(fs.readFileSync(schemaPath(provider), "utf8")).toBe(renderSchema(provider));
  });
});
