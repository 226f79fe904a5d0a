-- CreateTable
CREATE TABLE "JudgeEndpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "apiKeyEnv" TEXT,
    "apiKeySealed" TEXT,
    "inputPricePerMillion" REAL,
    "outputPricePerMillion" REAL,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "requestsPerMinute" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeEndpoint_name_key" ON "JudgeEndpoint"("name");
