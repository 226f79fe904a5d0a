-- CreateTable
CREATE TABLE "User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Study" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "StudyMember" (
    "studyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "role" TEXT NOT NULL,

    PRIMARY KEY ("studyId", "userId"),
    CONSTRAINT "StudyMember_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StudyMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Query" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "answer" TEXT,
    "metadata" TEXT NOT NULL DEFAULT '{}',
    CONSTRAINT "Query_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Nugget" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    CONSTRAINT "Nugget_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Nugget_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Document" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL,
    "language" TEXT,
    "repo" TEXT,
    "path" TEXT,
    "metadata" TEXT NOT NULL DEFAULT '{}',
    CONSTRAINT "Document_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PoolEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,
    "sources" TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT "PoolEntry_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PoolEntry_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PoolEntry_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Judge" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "userId" INTEGER,
    CONSTRAINT "Judge_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Label" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "judgeId" INTEGER NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetKey" TEXT NOT NULL,
    "queryId" INTEGER,
    "nuggetId" INTEGER,
    "documentId" INTEGER,
    "responseAId" INTEGER,
    "responseBId" INTEGER,
    "criterion" TEXT,
    "scale" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Label_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_nuggetId_fkey" FOREIGN KEY ("nuggetId") REFERENCES "Nugget" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_responseAId_fkey" FOREIGN KEY ("responseAId") REFERENCES "Response" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_responseBId_fkey" FOREIGN KEY ("responseBId") REFERENCES "Response" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Campaign" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "taskType" TEXT NOT NULL,
    "scale" TEXT NOT NULL DEFAULT '{}',
    "criteria" TEXT NOT NULL DEFAULT '[]',
    "protocol" TEXT NOT NULL,
    "overlap" INTEGER NOT NULL DEFAULT 1,
    "sample" TEXT NOT NULL DEFAULT '{}',
    "seed" INTEGER NOT NULL DEFAULT 0,
    "guidelines" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Campaign_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CampaignAnnotator" (
    "campaignId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    PRIMARY KEY ("campaignId", "userId"),
    CONSTRAINT "CampaignAnnotator_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CampaignAnnotator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Item" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "campaignId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "targetKey" TEXT NOT NULL,
    "queryId" INTEGER,
    "nuggetId" INTEGER,
    "documentId" INTEGER,
    "responseAId" INTEGER,
    "responseBId" INTEGER,
    CONSTRAINT "Item_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Item_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Item_nuggetId_fkey" FOREIGN KEY ("nuggetId") REFERENCES "Nugget" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Item_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Item_responseAId_fkey" FOREIGN KEY ("responseAId") REFERENCES "Response" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Item_responseBId_fkey" FOREIGN KEY ("responseBId") REFERENCES "Response" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "itemId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "leaseExpiresAt" DATETIME,
    "swapSides" BOOLEAN NOT NULL DEFAULT false,
    "claimedAt" DATETIME NOT NULL,
    "submittedAt" DATETIME,
    CONSTRAINT "Assignment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Assignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Annotation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "itemId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "phase" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "comment" TEXT,
    "clientId" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "startedAt" DATETIME NOT NULL,
    "submittedAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Annotation_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Annotation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "System" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    CONSTRAINT "System_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RunEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "systemId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "score" REAL NOT NULL,
    CONSTRAINT "RunEntry_systemId_fkey" FOREIGN KEY ("systemId") REFERENCES "System" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RunEntry_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RunEntry_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Response" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "studyId" INTEGER NOT NULL,
    "systemId" INTEGER NOT NULL,
    "queryId" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    CONSTRAINT "Response_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Response_systemId_fkey" FOREIGN KEY ("systemId") REFERENCES "System" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Response_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Citation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "responseId" INTEGER NOT NULL,
    "marker" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,
    CONSTRAINT "Citation_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Citation_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Study_slug_key" ON "Study"("slug");

-- CreateIndex
CREATE INDEX "StudyMember_userId_idx" ON "StudyMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Query_studyId_externalId_key" ON "Query"("studyId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Nugget_studyId_externalId_key" ON "Nugget"("studyId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Nugget_queryId_position_key" ON "Nugget"("queryId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Document_studyId_externalId_key" ON "Document"("studyId", "externalId");

-- CreateIndex
CREATE INDEX "PoolEntry_studyId_idx" ON "PoolEntry"("studyId");

-- CreateIndex
CREATE INDEX "PoolEntry_documentId_idx" ON "PoolEntry"("documentId");

-- CreateIndex
CREATE UNIQUE INDEX "PoolEntry_queryId_documentId_key" ON "PoolEntry"("queryId", "documentId");

-- CreateIndex
CREATE UNIQUE INDEX "Judge_studyId_name_key" ON "Judge"("studyId", "name");

-- CreateIndex
CREATE INDEX "Label_studyId_targetType_idx" ON "Label"("studyId", "targetType");

-- CreateIndex
CREATE INDEX "Label_nuggetId_idx" ON "Label"("nuggetId");

-- CreateIndex
CREATE INDEX "Label_queryId_documentId_idx" ON "Label"("queryId", "documentId");

-- CreateIndex
CREATE UNIQUE INDEX "Label_judgeId_targetKey_key" ON "Label"("judgeId", "targetKey");

-- CreateIndex
CREATE UNIQUE INDEX "Campaign_studyId_name_key" ON "Campaign"("studyId", "name");

-- CreateIndex
CREATE INDEX "CampaignAnnotator_userId_idx" ON "CampaignAnnotator"("userId");

-- CreateIndex
CREATE INDEX "Item_campaignId_position_idx" ON "Item"("campaignId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Item_campaignId_targetKey_key" ON "Item"("campaignId", "targetKey");

-- CreateIndex
CREATE INDEX "Assignment_userId_status_idx" ON "Assignment"("userId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_itemId_userId_key" ON "Assignment"("itemId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_clientId_key" ON "Annotation"("clientId");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_itemId_userId_phase_key" ON "Annotation"("itemId", "userId", "phase");

-- CreateIndex
CREATE UNIQUE INDEX "System_studyId_name_key" ON "System"("studyId", "name");

-- CreateIndex
CREATE INDEX "RunEntry_queryId_idx" ON "RunEntry"("queryId");

-- CreateIndex
CREATE UNIQUE INDEX "RunEntry_systemId_queryId_documentId_key" ON "RunEntry"("systemId", "queryId", "documentId");

-- CreateIndex
CREATE INDEX "Response_queryId_idx" ON "Response"("queryId");

-- CreateIndex
CREATE UNIQUE INDEX "Response_systemId_queryId_key" ON "Response"("systemId", "queryId");

-- CreateIndex
CREATE UNIQUE INDEX "Citation_responseId_marker_key" ON "Citation"("responseId", "marker");
