-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "adjudicateEvery" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "adjudicationLlmId" INTEGER,
ADD COLUMN     "adjudicationShowsNames" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "adjudicatorId" INTEGER;

-- CreateTable
CREATE TABLE "Decision" (
    "id" SERIAL NOT NULL,
    "itemId" INTEGER NOT NULL,
    "targetKey" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "level" TEXT NOT NULL,
    "reason" TEXT,
    "seen" TEXT NOT NULL,
    "llm" TEXT,
    "decidedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Decision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Decision_userId_idx" ON "Decision"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Decision_itemId_targetKey_key" ON "Decision"("itemId", "targetKey");

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_adjudicatorId_fkey" FOREIGN KEY ("adjudicatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_adjudicationLlmId_fkey" FOREIGN KEY ("adjudicationLlmId") REFERENCES "Judge"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
