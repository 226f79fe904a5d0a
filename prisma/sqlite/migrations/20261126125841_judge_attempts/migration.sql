-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN "failure" TEXT;

-- CreateTable
CREATE TABLE "JudgeAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "callId" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "httpStatus" INTEGER,
    "reply" TEXT,
    "error" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "cost" REAL,
    CONSTRAINT "JudgeAttempt_callId_fkey" FOREIGN KEY ("callId") REFERENCES "JudgeCall" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "JudgeAttempt_callId_idx" ON "JudgeAttempt"("callId");
