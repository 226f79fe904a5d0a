-- CreateTable
CREATE TABLE "RunRanking" (
    "systemId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "documents" TEXT NOT NULL,
    "float32Documents" TEXT,

    PRIMARY KEY ("systemId", "queryId"),
    CONSTRAINT "RunRanking_systemId_fkey" FOREIGN KEY ("systemId") REFERENCES "System" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RunRanking_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "RunRanking_queryId_idx" ON "RunRanking"("queryId");
