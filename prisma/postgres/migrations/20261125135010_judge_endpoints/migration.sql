-- CreateTable
CREATE TABLE "JudgeEndpoint" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "apiKeyEnv" TEXT,
    "apiKeySealed" TEXT,
    "inputPricePerMillion" DOUBLE PRECISION,
    "outputPricePerMillion" DOUBLE PRECISION,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "requestsPerMinute" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JudgeEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeEndpoint_name_key" ON "JudgeEndpoint"("name");
