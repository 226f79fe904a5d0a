/*
  Warnings:

  - Added the required column `campaignId` to the `Assignment` table without a default value. This is not possible if the table is not empty.
  - Added the required column `position` to the `Assignment` table without a default value. This is not possible if the table is not empty.

*/
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Annotation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "itemId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "phase" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "comment" TEXT,
    "clientId" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "startedAt" DATETIME NOT NULL,
    "submittedAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Annotation_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Annotation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Annotation" ("clientId", "comment", "id", "itemId", "payload", "phase", "startedAt", "submittedAt", "updatedAt", "userId", "version") SELECT "clientId", "comment", "id", "itemId", "payload", "phase", "startedAt", "submittedAt", "updatedAt", "userId", "version" FROM "Annotation";
DROP TABLE "Annotation";
ALTER TABLE "new_Annotation" RENAME TO "Annotation";
CREATE UNIQUE INDEX "Annotation_clientId_key" ON "Annotation"("clientId");
CREATE INDEX "Annotation_userId_idx" ON "Annotation"("userId");
CREATE UNIQUE INDEX "Annotation_itemId_userId_phase_key" ON "Annotation"("itemId", "userId", "phase");
CREATE TABLE "new_Assignment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "campaignId" INTEGER NOT NULL,
    "itemId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "userId" INTEGER,
    "status" TEXT NOT NULL,
    "leaseExpiresAt" DATETIME,
    "swapSides" BOOLEAN NOT NULL DEFAULT false,
    "claimedAt" DATETIME,
    "submittedAt" DATETIME,
    CONSTRAINT "Assignment_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Assignment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Assignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
DROP TABLE "Assignment";
ALTER TABLE "new_Assignment" RENAME TO "Assignment";
CREATE INDEX "Assignment_campaignId_status_position_idx" ON "Assignment"("campaignId", "status", "position");
CREATE INDEX "Assignment_campaignId_userId_status_idx" ON "Assignment"("campaignId", "userId", "status");
CREATE INDEX "Assignment_campaignId_userId_position_idx" ON "Assignment"("campaignId", "userId", "position");
CREATE INDEX "Assignment_userId_idx" ON "Assignment"("userId");
CREATE UNIQUE INDEX "Assignment_itemId_userId_key" ON "Assignment"("itemId", "userId");
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Campaign_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Campaign_llmJudgeId_fkey" FOREIGN KEY ("llmJudgeId") REFERENCES "Judge" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Campaign" ("createdAt", "criteria", "guidelines", "id", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType") SELECT "createdAt", "criteria", "guidelines", "id", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_studyId_name_key" ON "Campaign"("studyId", "name");
-- Earlier assignments were per (item, user) claims, campaigns now hold one seat per item and
-- overlap. No release had claims, so existing items get their open seats.
INSERT INTO "Assignment" ("campaignId", "itemId", "position", "status")
WITH RECURSIVE "seat"("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "seat" WHERE "n" < 50)
SELECT i."campaignId", i."id", i."position", 'open'
FROM "Item" i JOIN "Campaign" c ON c."id" = i."campaignId" JOIN "seat" s ON s."n" <= c."overlap";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
