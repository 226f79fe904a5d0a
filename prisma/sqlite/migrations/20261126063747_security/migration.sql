-- Sessions that signed out before they expired
CREATE TABLE "EndedSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "EndedSession_expiresAt_idx" ON "EndedSession"("expiresAt");

-- Judge templates belong to a study (issue 34): each saved template moves to the studies whose runs
-- used it (the first keeps the row, each other gets a copy with every version), or, when no run used
-- it, to the studies of which an author of one of its versions is a researcher. A template that no
-- run used and no researcher wrote (an admin's draft) is removed with its versions: moving it into
-- any study would show it to researchers it was never meant for.
DROP INDEX "JudgeTemplate_name_key";
ALTER TABLE "JudgeTemplate" ADD COLUMN "studyId" INTEGER;

CREATE TABLE "_TemplateStudy" AS
  SELECT t."id" AS "templateId", r."studyId" AS "studyId"
    FROM "JudgeTemplate" t JOIN "JudgeRun" r ON r."templateName" = t."name"
  UNION
  SELECT t."id", m."studyId"
    FROM "JudgeTemplate" t
    JOIN "JudgeTemplateVersion" v ON v."templateId" = t."id"
    JOIN "User" u ON u."email" = v."createdBy"
    JOIN "StudyMember" m ON m."userId" = u."id" AND m."role" = 'researcher'
   WHERE NOT EXISTS (SELECT 1 FROM "JudgeRun" r WHERE r."templateName" = t."name");

UPDATE "JudgeTemplate" SET "studyId" = (
  SELECT MIN(ts."studyId") FROM "_TemplateStudy" ts WHERE ts."templateId" = "JudgeTemplate"."id");

INSERT INTO "JudgeTemplate" ("studyId", "name", "task", "createdAt")
  SELECT ts."studyId", t."name", t."task", t."createdAt"
    FROM "_TemplateStudy" ts JOIN "JudgeTemplate" t ON t."id" = ts."templateId"
   WHERE ts."studyId" <> t."studyId";

INSERT INTO "JudgeTemplateVersion" ("templateId", "version", "content", "createdBy", "createdAt")
  SELECT c."id", v."version", v."content", v."createdBy", v."createdAt"
    FROM "JudgeTemplate" c
    JOIN "JudgeTemplate" o ON o."name" = c."name" AND o."id" IN (SELECT "templateId" FROM "_TemplateStudy")
    JOIN "JudgeTemplateVersion" v ON v."templateId" = o."id"
   WHERE c."id" NOT IN (SELECT "templateId" FROM "_TemplateStudy");

DELETE FROM "JudgeTemplateVersion" WHERE "templateId" IN (SELECT "id" FROM "JudgeTemplate" WHERE "studyId" IS NULL);
DELETE FROM "JudgeTemplate" WHERE "studyId" IS NULL;
DROP TABLE "_TemplateStudy";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_JudgeTemplate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeTemplate_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_JudgeTemplate" ("createdAt", "id", "name", "studyId", "task") SELECT "createdAt", "id", "name", "studyId", "task" FROM "JudgeTemplate";
DROP TABLE "JudgeTemplate";
ALTER TABLE "new_JudgeTemplate" RENAME TO "JudgeTemplate";
CREATE UNIQUE INDEX "JudgeTemplate_studyId_name_key" ON "JudgeTemplate"("studyId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
