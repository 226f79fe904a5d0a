-- AlterTable
ALTER TABLE "JudgeRun" ADD COLUMN     "failure" TEXT;

-- CreateTable
CREATE TABLE "JudgeAttempt" (
    "id" SERIAL NOT NULL,
    "callId" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "httpStatus" INTEGER,
    "reply" TEXT,
    "error" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "cost" DOUBLE PRECISION,

    CONSTRAINT "JudgeAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JudgeAttempt_callId_idx" ON "JudgeAttempt"("callId");

-- AddForeignKey
ALTER TABLE "JudgeAttempt" ADD CONSTRAINT "JudgeAttempt_callId_fkey" FOREIGN KEY ("callId") REFERENCES "JudgeCall"("id") ON DELETE CASCADE ON UPDATE CASCADE;
