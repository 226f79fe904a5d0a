-- AlterTable
ALTER TABLE "JudgeEndpoint" ADD COLUMN     "nextCallAt" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "JudgeEndpointSlot" (
    "endpointId" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,
    "holder" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),

    CONSTRAINT "JudgeEndpointSlot_pkey" PRIMARY KEY ("endpointId","slot")
);

-- CreateTable
CREATE TABLE "JudgeTemplate" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeTemplateVersion" (
    "id" SERIAL NOT NULL,
    "templateId" INTEGER NOT NULL,
    "version" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeTemplateVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" SERIAL NOT NULL,
    "studyId" INTEGER NOT NULL,
    "judgeId" INTEGER NOT NULL,
    "endpointId" INTEGER,
    "endpointName" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "templateName" TEXT NOT NULL,
    "templateVersion" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "sample" TEXT NOT NULL,
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "seed" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'running',
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JudgeRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeCall" (
    "id" SERIAL NOT NULL,
    "runId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "targetKey" TEXT NOT NULL,
    "queryId" INTEGER,
    "nuggetId" INTEGER,
    "documentId" INTEGER,
    "responseAId" INTEGER,
    "responseBId" INTEGER,
    "swapped" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "leaseHolder" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "cacheKey" TEXT,
    "cached" BOOLEAN NOT NULL DEFAULT false,
    "reply" TEXT,
    "level" TEXT,
    "error" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "latencyMs" INTEGER,
    "cost" DOUBLE PRECISION,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JudgeCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeTemplate_name_key" ON "JudgeTemplate"("name");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeTemplateVersion_templateId_version_key" ON "JudgeTemplateVersion"("templateId", "version");

-- CreateIndex
CREATE INDEX "JudgeRun_status_idx" ON "JudgeRun"("status");

-- CreateIndex
CREATE INDEX "JudgeRun_studyId_idx" ON "JudgeRun"("studyId");

-- CreateIndex
CREATE INDEX "JudgeCall_runId_status_position_idx" ON "JudgeCall"("runId", "status", "position");

-- CreateIndex
CREATE INDEX "JudgeCall_cacheKey_idx" ON "JudgeCall"("cacheKey");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeCall_runId_targetKey_swapped_key" ON "JudgeCall"("runId", "targetKey", "swapped");

-- AddForeignKey
ALTER TABLE "JudgeEndpointSlot" ADD CONSTRAINT "JudgeEndpointSlot_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "JudgeEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeTemplateVersion" ADD CONSTRAINT "JudgeTemplateVersion_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "JudgeTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "JudgeEndpoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
