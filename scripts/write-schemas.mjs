#!/usr/bin/env node
// Writes prisma/sqlite/schema.prisma and prisma/postgres/schema.prisma from prisma/models.prisma.
import fs from "node:fs";
import path from "node:path";
import { providers, renderSchema, schemaPath } from "./prisma-schemas.mjs";

for (const provider of Object.keys(providers)) {
  const file = schemaPath(provider);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, renderSchema(provider));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
