-- AlterTable
ALTER TABLE "Response" ADD COLUMN "responseLength" INTEGER;
ALTER TABLE "Response" ADD COLUMN "sentences" TEXT;
