/*
  Warnings:

  - You are about to drop the column `responseAId` on the `Label` table. All the data in the column will be lost.
  - You are about to drop the column `responseBId` on the `Label` table. All the data in the column will be lost.

*/
-- DropForeignKey
ALTER TABLE "Label" DROP CONSTRAINT "Label_responseAId_fkey";

-- DropForeignKey
ALTER TABLE "Label" DROP CONSTRAINT "Label_responseBId_fkey";

-- AlterTable
ALTER TABLE "Label" DROP COLUMN "responseAId",
DROP COLUMN "responseBId",
ADD COLUMN     "systemAId" INTEGER,
ADD COLUMN     "systemBId" INTEGER;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_systemAId_fkey" FOREIGN KEY ("systemAId") REFERENCES "System"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_systemBId_fkey" FOREIGN KEY ("systemBId") REFERENCES "System"("id") ON DELETE CASCADE ON UPDATE CASCADE;
