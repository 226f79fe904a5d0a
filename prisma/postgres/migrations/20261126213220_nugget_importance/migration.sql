-- AlterTable
ALTER TABLE "Nugget" ADD COLUMN     "importance" TEXT;
