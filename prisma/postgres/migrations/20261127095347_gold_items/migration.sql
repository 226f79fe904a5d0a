-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "gold" TEXT;

-- AlterTable
ALTER TABLE "Item" ADD COLUMN     "goldLevel" TEXT;
