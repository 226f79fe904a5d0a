-- CreateTable
CREATE TABLE "RunRanking" (
    "systemId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "documents" TEXT NOT NULL,
    "float32Documents" TEXT,

    CONSTRAINT "RunRanking_pkey" PRIMARY KEY ("systemId","queryId")
);

-- CreateIndex
CREATE INDEX "RunRanking_queryId_idx" ON "RunRanking"("queryId");

-- AddForeignKey
ALTER TABLE "RunRanking" ADD CONSTRAINT "RunRanking_systemId_fkey" FOREIGN KEY ("systemId") REFERENCES "System"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunRanking" ADD CONSTRAINT "RunRanking_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;
