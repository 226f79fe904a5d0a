-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_JudgeCall" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "targetKey" TEXT NOT NULL,
    "queryId" INTEGER,
    "nuggetId" INTEGER,
    "documentId" INTEGER,
    "responseAId" INTEGER,
    "responseBId" INTEGER,
    "swapped" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "leaseHolder" TEXT,
    "leaseExpiresAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "cacheKey" TEXT,
    "cached" BOOLEAN NOT NULL DEFAULT false,
    "imported" BOOLEAN NOT NULL DEFAULT false,
    "reply" TEXT,
    "level" TEXT,
    "error" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "latencyMs" INTEGER,
    "cost" REAL,
    "finishedAt" DATETIME,
    CONSTRAINT "JudgeCall_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_JudgeCall" ("attempts", "cacheKey", "cached", "cost", "documentId", "error", "finishedAt", "id", "inputTokens", "latencyMs", "leaseExpiresAt", "leaseHolder", "level", "nuggetId", "outputTokens", "position", "queryId", "reply", "responseAId", "responseBId", "runId", "status", "swapped", "targetKey") SELECT "attempts", "cacheKey", "cached", "cost", "documentId", "error", "finishedAt", "id", "inputTokens", "latencyMs", "leaseExpiresAt", "leaseHolder", "level", "nuggetId", "outputTokens", "position", "queryId", "reply", "responseAId", "responseBId", "runId", "status", "swapped", "targetKey" FROM "JudgeCall";
DROP TABLE "JudgeCall";
ALTER TABLE "new_JudgeCall" RENAME TO "JudgeCall";
CREATE INDEX "JudgeCall_runId_status_position_idx" ON "JudgeCall"("runId", "status", "position");
CREATE INDEX "JudgeCall_cacheKey_idx" ON "JudgeCall"("cacheKey");
CREATE UNIQUE INDEX "JudgeCall_runId_targetKey_swapped_key" ON "JudgeCall"("runId", "targetKey", "swapped");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
