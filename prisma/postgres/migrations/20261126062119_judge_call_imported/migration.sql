-- AlterTable
ALTER TABLE "JudgeCall" ADD COLUMN     "imported" BOOLEAN NOT NULL DEFAULT false;
