/*
  Warnings:

  - Added the required column `campaignId` to the `Assignment` table without a default value. This is not possible if the table is not empty.
  - Added the required column `position` to the `Assignment` table without a default value. This is not possible if the table is not empty.

*/
DELETE FROM "Assignment";

-- DropIndex
DROP INDEX "Assignment_userId_status_idx";

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN     "durationMs" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "campaignId" INTEGER NOT NULL,
ADD COLUMN     "position" INTEGER NOT NULL,
ALTER COLUMN "userId" DROP NOT NULL,
ALTER COLUMN "claimedAt" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "llmJudgeId" INTEGER;

-- CreateIndex
CREATE INDEX "Annotation_userId_idx" ON "Annotation"("userId");

-- CreateIndex
CREATE INDEX "Assignment_campaignId_status_position_idx" ON "Assignment"("campaignId", "status", "position");

-- CreateIndex
CREATE INDEX "Assignment_campaignId_userId_status_idx" ON "Assignment"("campaignId", "userId", "status");

-- CreateIndex
CREATE INDEX "Assignment_campaignId_userId_position_idx" ON "Assignment"("campaignId", "userId", "position");

-- CreateIndex
CREATE INDEX "Assignment_userId_idx" ON "Assignment"("userId");

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_llmJudgeId_fkey" FOREIGN KEY ("llmJudgeId") REFERENCES "Judge"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Earlier assignments were per (item, user) claims, campaigns now hold one seat per item and
-- overlap. No release had claims, so existing items get their open seats.
INSERT INTO "Assignment" ("campaignId", "itemId", "position", "status")
WITH RECURSIVE "seat"("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "seat" WHERE "n" < 50)
SELECT i."campaignId", i."id", i."position", 'open'
FROM "Item" i JOIN "Campaign" c ON c."id" = i."campaignId" JOIN "seat" s ON s."n" <= c."overlap";
