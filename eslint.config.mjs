// Lint: TypeScript rules plus the dependency rule of ARCHITECTURE.md (arrows point inward):
// app -> components, lib/server, lib/client -> lib/schemas, lib/formats -> lib/domain.
import tseslint from "typescript-eslint";

const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const FRAMEWORK = [
  "react",
  "react-dom",
  "react/*",
  "next",
  "next/*",
  "next-auth",
  "next-auth/*",
  "@tanstack/*",
  "@prisma/*",
  "server-only",
];
const NODE_IO = ["node:*", "fs", "path", "child_process"];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      "data/",
      "lib/server/db/generated/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["lib/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: restrict([
      { group: [...FRAMEWORK, ...NODE_IO], message: "lib/domain is pure: zod and itself only." },
      {
        group: ["@/lib/*", "!@/lib/domain", "@/components/*", "@/app/*", "@/prisma/*"],
        message: "lib/domain imports only lib/domain.",
      },
    ]),
  },
  {
    files: ["lib/formats/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: restrict([
      { group: [...FRAMEWORK, ...NODE_IO], message: "lib/formats is pure: text in, rows and errors out." },
      {
        group: ["@/lib/server/*", "@/lib/client/*", "@/components/*", "@/app/*", "@/prisma/*"],
        message: "lib/formats depends on lib/domain only.",
      },
    ]),
  },
  {
    files: ["lib/schemas/**/*.ts"],
    rules: restrict([
      { group: [...FRAMEWORK], message: "lib/schemas holds zod boundary types only." },
      {
        group: ["@/lib/server/*", "@/lib/client/*", "@/components/*", "@/app/*"],
        message: "lib/schemas depends on lib/domain only.",
      },
    ]),
  },
  {
    files: ["lib/client/**/*.ts", "components/**/*.tsx", "components/**/*.ts"],
    rules: restrict([
      {
        group: ["@/lib/server/*", "@prisma/*", "server-only", "@/prisma/*"],
        message: "Client code must not import server code or the database.",
      },
    ]),
  },
  {
    files: ["components/ui/**/*.tsx"],
    rules: restrict([
      {
        group: ["@/lib/*", "@/components/*", "!@/components/ui"],
        message: "components/ui are primitives without domain knowledge.",
      },
    ]),
  },
  {
    files: ["lib/server/**/*.ts"],
    rules: restrict([
      { group: ["@/components/*", "@/app/*", "@/lib/client/*"], message: "lib/server must not depend on the UI." },
    ]),
  },
);
