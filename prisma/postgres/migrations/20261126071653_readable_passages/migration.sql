-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "claimKey" TEXT,
ADD COLUMN     "highlightTerms" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "display" TEXT;

-- AlterTable
ALTER TABLE "Study" ADD COLUMN     "passageDisplay" TEXT NOT NULL DEFAULT 'auto';
