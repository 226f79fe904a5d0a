-- CreateIndex: the disagreements group a study's labels by target from this index alone
CREATE INDEX "Label_study_target_covering_idx" ON "Label"("studyId", "targetKey", "targetType", "scale", "value", "queryId", "nuggetId", "documentId");
