-- Nugget sets (issue 63): the nuggets of each study become its first set, "main", each
-- question list version moves to that set, and nugget campaigns and nugget assignment runs use it.
-- CreateTable
CREATE TABLE "NuggetSet" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'import',
    "origin" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "NuggetSet_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NuggetList" (
    "setId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    PRIMARY KEY ("setId", "queryId"),
    CONSTRAINT "NuggetList_setId_fkey" FOREIGN KEY ("setId") REFERENCES "NuggetSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "NuggetList_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Each study with nuggets gets its first set, and each question list version (when past 1) moves to it
INSERT INTO "NuggetSet" ("studyId", "name", "source", "origin")
  SELECT DISTINCT "studyId", 'main', 'import', 'the nuggets before nugget sets' FROM "Nugget" ORDER BY "studyId";
INSERT INTO "NuggetList" ("setId", "queryId", "version")
  SELECT s."id", q."id", q."nuggetVersion" FROM "Query" q JOIN "NuggetSet" s ON s."studyId" = q."studyId" WHERE q."nuggetVersion" > 1;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Campaign" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "taskType" TEXT NOT NULL,
    "scale" TEXT NOT NULL DEFAULT '{}',
    "criteria" TEXT NOT NULL DEFAULT '[]',
    "protocol" TEXT NOT NULL,
    "overlap" INTEGER NOT NULL DEFAULT 1,
    "sample" TEXT NOT NULL DEFAULT '{}',
    "seed" INTEGER NOT NULL DEFAULT 0,
    "guidelines" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "llmJudgeId" INTEGER,
    "highlightTerms" BOOLEAN NOT NULL DEFAULT false,
    "claimKey" TEXT,
    "adjudicatorId" INTEGER,
    "adjudicateEvery" BOOLEAN NOT NULL DEFAULT false,
    "adjudicationShowsNames" BOOLEAN NOT NULL DEFAULT false,
    "adjudicationLlmId" INTEGER,
    "gold" TEXT,
    "nuggetSetId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Campaign_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Campaign_nuggetSetId_fkey" FOREIGN KEY ("nuggetSetId") REFERENCES "NuggetSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Campaign_llmJudgeId_fkey" FOREIGN KEY ("llmJudgeId") REFERENCES "Judge" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Campaign_adjudicatorId_fkey" FOREIGN KEY ("adjudicatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Campaign_adjudicationLlmId_fkey" FOREIGN KEY ("adjudicationLlmId") REFERENCES "Judge" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Campaign" ("adjudicateEvery", "adjudicationLlmId", "adjudicationShowsNames", "adjudicatorId", "claimKey", "createdAt", "criteria", "gold", "guidelines", "highlightTerms", "id", "llmJudgeId", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType", "nuggetSetId") SELECT "adjudicateEvery", "adjudicationLlmId", "adjudicationShowsNames", "adjudicatorId", "claimKey", "createdAt", "criteria", "gold", "guidelines", "highlightTerms", "id", "llmJudgeId", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType",
  CASE WHEN "taskType" IN ('nugget_quality', 'nugget_assignment', 'support') THEN (SELECT s."id" FROM "NuggetSet" s WHERE s."studyId" = "Campaign"."studyId") END FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_studyId_name_key" ON "Campaign"("studyId", "name");
CREATE TABLE "new_JudgeRun" (
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
    "systems" TEXT,
    "criterion" TEXT,
    "temperature" REAL NOT NULL DEFAULT 0,
    "seed" INTEGER,
    "nuggetSetId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'running',
    "failure" TEXT,
    "createdBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "JudgeRun_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeRun_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeRun_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "JudgeEndpoint" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "JudgeRun_nuggetSetId_fkey" FOREIGN KEY ("nuggetSetId") REFERENCES "NuggetSet" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_JudgeRun" ("baseUrl", "createdAt", "createdBy", "criterion", "endpointId", "endpointName", "failure", "finishedAt", "id", "judgeId", "model", "sample", "seed", "status", "studyId", "systems", "task", "temperature", "template", "templateName", "templateVersion", "nuggetSetId") SELECT "baseUrl", "createdAt", "createdBy", "criterion", "endpointId", "endpointName", "failure", "finishedAt", "id", "judgeId", "model", "sample", "seed", "status", "studyId", "systems", "task", "temperature", "template", "templateName", "templateVersion",
  CASE WHEN "task" IN ('nugget_assignment', 'support') THEN (SELECT s."id" FROM "NuggetSet" s WHERE s."studyId" = "JudgeRun"."studyId") END FROM "JudgeRun";
DROP TABLE "JudgeRun";
ALTER TABLE "new_JudgeRun" RENAME TO "JudgeRun";
CREATE INDEX "JudgeRun_status_idx" ON "JudgeRun"("status");
CREATE INDEX "JudgeRun_studyId_idx" ON "JudgeRun"("studyId");
CREATE TABLE "new_Nugget" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "setId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "importance" TEXT,
    CONSTRAINT "Nugget_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Nugget_setId_fkey" FOREIGN KEY ("setId") REFERENCES "NuggetSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Nugget_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Nugget" ("externalId", "id", "importance", "position", "queryId", "studyId", "text", "setId") SELECT "externalId", "id", "importance", "position", "queryId", "studyId", "text",
  (SELECT s."id" FROM "NuggetSet" s WHERE s."studyId" = "Nugget"."studyId") FROM "Nugget";
DROP TABLE "Nugget";
ALTER TABLE "new_Nugget" RENAME TO "Nugget";
CREATE INDEX "Nugget_queryId_idx" ON "Nugget"("queryId");
CREATE UNIQUE INDEX "Nugget_studyId_externalId_key" ON "Nugget"("studyId", "externalId");
CREATE UNIQUE INDEX "Nugget_setId_queryId_position_key" ON "Nugget"("setId", "queryId", "position");
CREATE TABLE "new_Query" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "answer" TEXT,
    "metadata" TEXT NOT NULL DEFAULT '{}',
    CONSTRAINT "Query_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Query" ("answer", "body", "externalId", "id", "metadata", "studyId", "title") SELECT "answer", "body", "externalId", "id", "metadata", "studyId", "title" FROM "Query";
DROP TABLE "Query";
ALTER TABLE "new_Query" RENAME TO "Query";
CREATE UNIQUE INDEX "Query_studyId_externalId_key" ON "Query"("studyId", "externalId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "NuggetSet_studyId_name_key" ON "NuggetSet"("studyId", "name");

-- CreateIndex
CREATE INDEX "NuggetList_queryId_idx" ON "NuggetList"("queryId");
