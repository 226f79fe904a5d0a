-- AlterTable
ALTER TABLE "Document" ADD COLUMN "display" TEXT;

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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Campaign_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Campaign_llmJudgeId_fkey" FOREIGN KEY ("llmJudgeId") REFERENCES "Judge" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Campaign" ("createdAt", "criteria", "guidelines", "id", "llmJudgeId", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType") SELECT "createdAt", "criteria", "guidelines", "id", "llmJudgeId", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_studyId_name_key" ON "Campaign"("studyId", "name");
CREATE TABLE "new_Study" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "passageDisplay" TEXT NOT NULL DEFAULT 'auto',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Study" ("createdAt", "description", "id", "name", "slug") SELECT "createdAt", "description", "id", "name", "slug" FROM "Study";
DROP TABLE "Study";
ALTER TABLE "new_Study" RENAME TO "Study";
CREATE UNIQUE INDEX "Study_slug_key" ON "Study"("slug");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
