-- CreateTable
CREATE TABLE "Decision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "itemId" INTEGER NOT NULL,
    "targetKey" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "level" TEXT NOT NULL,
    "reason" TEXT,
    "seen" TEXT NOT NULL,
    "llm" TEXT,
    "decidedAt" DATETIME NOT NULL,
    CONSTRAINT "Decision_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Decision_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Campaign_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Campaign_llmJudgeId_fkey" FOREIGN KEY ("llmJudgeId") REFERENCES "Judge" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Campaign_adjudicatorId_fkey" FOREIGN KEY ("adjudicatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Campaign_adjudicationLlmId_fkey" FOREIGN KEY ("adjudicationLlmId") REFERENCES "Judge" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Campaign" ("claimKey", "createdAt", "criteria", "guidelines", "highlightTerms", "id", "llmJudgeId", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType") SELECT "claimKey", "createdAt", "criteria", "guidelines", "highlightTerms", "id", "llmJudgeId", "name", "overlap", "protocol", "sample", "scale", "seed", "status", "studyId", "taskType" FROM "Campaign";
DROP TABLE "Campaign";
ALTER TABLE "new_Campaign" RENAME TO "Campaign";
CREATE UNIQUE INDEX "Campaign_studyId_name_key" ON "Campaign"("studyId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Decision_userId_idx" ON "Decision"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Decision_itemId_targetKey_key" ON "Decision"("itemId", "targetKey");
