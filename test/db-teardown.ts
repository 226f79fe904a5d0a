// The db tier's setup file (vitest.config.mts): after each test file, its database connections are
// closed (the Prisma client and the shared SQL connections), so no file closes them by hand. It runs
// after the file's own afterAll hooks (vitest runs after-hooks in reverse order of registration),
// so a file's fake servers and workers stop first.
import { afterAll } from "vitest";
import { closeDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/sql-connection";

afterAll(async () => {
  await closeSharedConnections();
  await closeDb();
});
