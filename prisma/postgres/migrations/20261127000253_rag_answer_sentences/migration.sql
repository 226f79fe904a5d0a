-- AlterTable
ALTER TABLE "Response" ADD COLUMN     "responseLength" INTEGER,
ADD COLUMN     "sentences" TEXT;
