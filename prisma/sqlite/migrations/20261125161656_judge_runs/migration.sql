-- CreateTable
CREATE TABLE "JudgeEndpointSlot" (
    "endpointId" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,
    "holder" TEXT,
    "leaseExpiresAt" DATETIME,

    PRIMARY KEY ("endpointId", "slot"),
    CONSTRAINT "JudgeEndpointSlot_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "JudgeEndpoint" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeTemplate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "JudgeTemplateVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "templateId" INTEGER NOT NULL,
    "version" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeTemplateVersion_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "JudgeTemplate" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "judgeId" INTEGER NOT NULL,
    "endpointId" INTEGER,
    "endpointName" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "templateName" TEXT NOT NULL,
    "templateVersion" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "sample" TEXT NOT NULL,
    "temperature" REAL NOT NULL DEFAULT 0,
    "seed" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'running',
    "createdBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "JudgeRun_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeRun_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeRun_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "JudgeEndpoint" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeCall" (
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

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_JudgeEndpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "apiKeyEnv" TEXT,
    "apiKeySealed" TEXT,
    "inputPricePerMillion" REAL,
    "outputPricePerMillion" REAL,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "requestsPerMinute" INTEGER,
    "nextCallAt" REAL NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_JudgeEndpoint" ("apiKeyEnv", "apiKeySealed", "baseUrl", "concurrency", "createdAt", "id", "inputPricePerMillion", "model", "name", "outputPricePerMillion", "requestsPerMinute", "updatedAt") SELECT "apiKeyEnv", "apiKeySealed", "baseUrl", "concurrency", "createdAt", "id", "inputPricePerMillion", "model", "name", "outputPricePerMillion", "requestsPerMinute", "updatedAt" FROM "JudgeEndpoint";
DROP TABLE "JudgeEndpoint";
ALTER TABLE "new_JudgeEndpoint" RENAME TO "JudgeEndpoint";
CREATE UNIQUE INDEX "JudgeEndpoint_name_key" ON "JudgeEndpoint"("name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "JudgeTemplate_name_key" ON "JudgeTemplate"("name");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeTemplateVersion_templateId_version_key" ON "JudgeTemplateVersion"("templateId", "version");

-- CreateIndex
CREATE INDEX "JudgeRun_status_idx" ON "JudgeRun"("status");

-- CreateIndex
CREATE INDEX "JudgeRun_studyId_idx" ON "JudgeRun"("studyId");

-- CreateIndex
CREATE INDEX "JudgeCall_runId_status_position_idx" ON "JudgeCall"("runId", "status", "position");

-- CreateIndex
CREATE INDEX "JudgeCall_cacheKey_idx" ON "JudgeCall"("cacheKey");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeCall_runId_targetKey_swapped_key" ON "JudgeCall"("runId", "targetKey", "swapped");
