/*
  Warnings:

  - You are about to drop the column `responseAId` on the `Label` table. All the data in the column will be lost.
  - You are about to drop the column `responseBId` on the `Label` table. All the data in the column will be lost.

*/
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Label" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "judgeId" INTEGER NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetKey" TEXT NOT NULL,
    "queryId" INTEGER,
    "nuggetId" INTEGER,
    "documentId" INTEGER,
    "systemAId" INTEGER,
    "systemBId" INTEGER,
    "criterion" TEXT,
    "scale" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Label_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_nuggetId_fkey" FOREIGN KEY ("nuggetId") REFERENCES "Nugget" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_systemAId_fkey" FOREIGN KEY ("systemAId") REFERENCES "System" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_systemBId_fkey" FOREIGN KEY ("systemBId") REFERENCES "System" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Label" ("createdAt", "criterion", "documentId", "id", "judgeId", "nuggetId", "queryId", "scale", "studyId", "targetKey", "targetType", "value") SELECT "createdAt", "criterion", "documentId", "id", "judgeId", "nuggetId", "queryId", "scale", "studyId", "targetKey", "targetType", "value" FROM "Label";
DROP TABLE "Label";
ALTER TABLE "new_Label" RENAME TO "Label";
CREATE INDEX "Label_studyId_targetType_idx" ON "Label"("studyId", "targetType");
CREATE INDEX "Label_nuggetId_idx" ON "Label"("nuggetId");
CREATE INDEX "Label_queryId_documentId_idx" ON "Label"("queryId", "documentId");
CREATE UNIQUE INDEX "Label_judgeId_targetKey_key" ON "Label"("judgeId", "targetKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
