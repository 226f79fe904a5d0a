// Renders the two provider schemas from prisma/models.prisma (the single source of truth).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const providers = { sqlite: "sqlite", postgres: "postgresql" };

export function schemaPath(provider) {
  return path.join(root, "prisma", provider, "schema.prisma");
}

export function renderSchema(provider) {
  const models = fs.readFileSync(path.join(root, "prisma", "models.prisma"), "utf8");
  const header = [
    `// GENERATED from prisma/models.prisma by \`npm run db:schemas\`. Do not edit.`,
    ``,
    `generator client {`,
    `  provider = "prisma-client"`,
    `  output   = "../../lib/server/db/generated/${provider}"`,
    `}`,
    ``,
    `datasource db {`,
    `  provider = "${providers[provider]}"`,
    `}`,
    ``,
  ].join("\n");
  return `${header}\n${models}`;
}
