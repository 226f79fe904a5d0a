-- Nugget sets (issue 63): the nuggets of each study become its first set, "main", each
-- question list version moves to that set, and nugget campaigns and nugget assignment runs use it.
-- CreateTable
CREATE TABLE "NuggetSet" (
    "id" SERIAL NOT NULL,
    "studyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'import',
    "origin" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NuggetSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NuggetList" (
    "setId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "NuggetList_pkey" PRIMARY KEY ("setId","queryId")
);

-- Each study with nuggets gets its first set, and each question list version (when past 1) moves to it
INSERT INTO "NuggetSet" ("studyId", "name", "source", "origin")
  SELECT "studyId", 'main', 'import', 'the nuggets before nugget sets' FROM (SELECT DISTINCT "studyId" FROM "Nugget") n ORDER BY "studyId";
INSERT INTO "NuggetList" ("setId", "queryId", "version")
  SELECT s."id", q."id", q."nuggetVersion" FROM "Query" q JOIN "NuggetSet" s ON s."studyId" = q."studyId" WHERE q."nuggetVersion" > 1;

-- DropIndex
DROP INDEX "Nugget_queryId_position_key";

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "nuggetSetId" INTEGER;
UPDATE "Campaign" c SET "nuggetSetId" = s."id" FROM "NuggetSet" s
  WHERE s."studyId" = c."studyId" AND c."taskType" IN ('nugget_quality', 'nugget_assignment', 'support');

-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN     "nuggetSetId" INTEGER;
UPDATE "JudgeRun" r SET "nuggetSetId" = s."id" FROM "NuggetSet" s
  WHERE s."studyId" = r."studyId" AND r."task" IN ('nugget_assignment', 'support');

-- AlterTable
ALTER TABLE "Nugget" ADD COLUMN     "setId" INTEGER;
UPDATE "Nugget" n SET "setId" = s."id" FROM "NuggetSet" s WHERE s."studyId" = n."studyId";
ALTER TABLE "Nugget" ALTER COLUMN "setId" SET NOT NULL;

-- AlterTable
ALTER TABLE "Query" DROP COLUMN "nuggetVersion";

-- CreateIndex
CREATE UNIQUE INDEX "NuggetSet_studyId_name_key" ON "NuggetSet"("studyId", "name");

-- CreateIndex
CREATE INDEX "NuggetList_queryId_idx" ON "NuggetList"("queryId");

-- CreateIndex
CREATE INDEX "Nugget_queryId_idx" ON "Nugget"("queryId");

-- CreateIndex
CREATE UNIQUE INDEX "Nugget_setId_queryId_position_key" ON "Nugget"("setId", "queryId", "position");

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_nuggetSetId_fkey" FOREIGN KEY ("nuggetSetId") REFERENCES "NuggetSet"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NuggetSet" ADD CONSTRAINT "NuggetSet_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NuggetList" ADD CONSTRAINT "NuggetList_setId_fkey" FOREIGN KEY ("setId") REFERENCES "NuggetSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NuggetList" ADD CONSTRAINT "NuggetList_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Nugget" ADD CONSTRAINT "Nugget_setId_fkey" FOREIGN KEY ("setId") REFERENCES "NuggetSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_nuggetSetId_fkey" FOREIGN KEY ("nuggetSetId") REFERENCES "NuggetSet"("id") ON DELETE SET NULL ON UPDATE CASCADE;
