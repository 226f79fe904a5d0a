-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN     "criterion" TEXT,
ADD COLUMN     "systems" TEXT;
