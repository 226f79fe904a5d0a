// Lint: TypeScript rules plus the dependency rules of docs/ARCHITECTURE.md (arrows point inward):
// app -> components, lib/server, lib/client, lib/cli -> lib/schemas, lib/formats -> lib/domain.
// Each layer lists what it must not import. An import that leaves its layer must use the "@/" path
// (a relative "../../server/..." is refused), so these rules see every import between layers.
import tseslint from "typescript-eslint";

const FRAMEWORK = [
  "react",
  "react-dom",
  "react/*",
  "react-dom/*",
  "next",
  "next/*",
  "next-auth",
  "next-auth/*",
  "@tanstack/*",
  "@prisma/*",
  "server-only",
];
const NODE_IO = ["node:*", "fs", "fs/*", "path", "child_process", "os", "net", "http", "https", "crypto"];
const UI = ["@/components/*", "@/app/*", "@/lib/client/*"];
/** Only the query modules of lib/server/db write SQL: everyone else goes through them (or Prisma). */
const PRIVATE_SQL = {
  group: ["**/sql-connection", "@/lib/server/db/sql-connection"],
  message: "SQL lives in lib/server/db: call its query modules (transactions.ts for a transaction), or Prisma.",
};

/** Whether a rule's files include tests (test files may reach the database through factories). */
const LAYERS = [
  {
    dir: "lib/domain",
    tests: false,
    patterns: [
      { group: [...FRAMEWORK, ...NODE_IO], message: "lib/domain is pure: zod, re2js and itself only." },
      { group: ["@/*", "!@/lib", "@/lib/*", "!@/lib/domain"], message: "lib/domain imports only lib/domain." },
    ],
  },
  {
    dir: "lib/formats",
    tests: false,
    patterns: [
      { group: [...FRAMEWORK, ...NODE_IO], message: "lib/formats is pure: text in, rows and errors out." },
      {
        group: ["@/*", "!@/lib", "@/lib/*", "!@/lib/domain", "!@/lib/formats"],
        message: "lib/formats depends on lib/domain only (a report's type is its builder's, in lib/domain).",
      },
    ],
  },
  {
    dir: "lib/schemas",
    tests: true,
    patterns: [
      { group: [...FRAMEWORK, ...NODE_IO], message: "lib/schemas holds zod boundary types only." },
      {
        group: ["@/*", "!@/lib", "@/lib/*", "!@/lib/domain", "!@/lib/schemas"],
        message: "lib/schemas depends on lib/domain only.",
      },
    ],
  },
  {
    dir: "lib/client",
    tests: true,
    patterns: [
      {
        group: ["@/lib/server/*", "@/lib/cli/*", "@/prisma/*", "@/app/*", "@/components/*", "@prisma/*", "server-only"],
        message: "lib/client runs in the browser: no server code, database or UI components.",
      },
      { group: NODE_IO, message: "lib/client runs in the browser: no Node I/O." },
    ],
  },
  {
    dir: "components",
    tests: true,
    patterns: [
      {
        group: ["@/lib/server/*", "@/lib/cli/*", "@/prisma/*", "@/app/*", "@prisma/*", "server-only"],
        message: "Components run in the browser: no server code or database.",
      },
      { group: NODE_IO, message: "Components run in the browser: no Node I/O." },
    ],
  },
  {
    dir: "lib/server",
    tests: false,
    patterns: [
      {
        group: [...UI, "@/lib/cli/*", "@/prisma/*"],
        message: "lib/server must not depend on the UI, the CLI or prisma/.",
      },
    ],
  },
  {
    dir: "lib/cli",
    tests: false,
    patterns: [
      { group: [...UI, "@/prisma/*"], message: "lib/cli calls lib/server, lib/formats and lib/domain only." },
      {
        group: ["react", "react/*", "react-dom", "react-dom/*", "next", "next/*", "next-auth", "next-auth/*"],
        message: "lib/cli is not the web app.",
      },
    ],
  },
  {
    dir: "prisma",
    tests: false,
    patterns: [
      {
        group: [...UI, "@/lib/cli/*"],
        message: "prisma/ (seed, factories) uses lib/server operations, never the UI or the CLI.",
      },
    ],
  },
];

/** A relative import climbing `levels` folders from a file `depth` folders below its layer leaves the layer. */
const leavesLayer = (depth) => ({
  group: [`${"../".repeat(depth + 1)}*`],
  message: "An import that leaves its layer uses the @/ path, so the layer rules can check it.",
});

const layerRules = LAYERS.flatMap(({ dir, tests, patterns }) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`${dir}/${"*/".repeat(depth)}*.{ts,tsx,mts}`],
    ignores: [...(tests ? [] : ["**/*.test.ts"]), "lib/server/db/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [...patterns, PRIVATE_SQL, leavesLayer(depth)] }] },
  })),
);
const serverPatterns = LAYERS.find((l) => l.dir === "lib/server").patterns;

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      ".assay/",
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
  ...layerRules,
  {
    // the query modules: the lib/server rules, and sql-connection is theirs
    files: ["lib/server/db/*.{ts,mts}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...serverPatterns, leavesLayer(1)] }] },
  },
  {
    // everything outside the layers (routes, tests, scripts, e2e) reaches the database through lib/server too
    files: [
      "app/**/*.{ts,tsx}",
      "scripts/**/*.{ts,mts,mjs}",
      "e2e/**/*.ts",
      "*.ts",
      ...["lib/domain", "lib/formats", "lib/server", "lib/cli", "prisma"].map((dir) => `${dir}/**/*.test.ts`),
    ],
    ignores: ["lib/server/db/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [PRIVATE_SQL] }] },
  },
  {
    files: ["components/ui/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/*", "@/components/*", "!@/components/ui"],
              message: "components/ui are primitives without domain knowledge.",
            },
            {
              group: ["@/lib/server/*", "@prisma/*", "server-only", ...NODE_IO],
              message: "Components run in the browser.",
            },
            leavesLayer(0),
          ],
        },
      ],
    },
  },
);
