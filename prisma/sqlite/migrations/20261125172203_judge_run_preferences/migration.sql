-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN "criterion" TEXT;
ALTER TABLE "JudgeRun" ADD COLUMN "systems" TEXT;
