-- CreateIndex
CREATE INDEX "Label_judgeId_targetKey_value_scale_queryId_idx" ON "Label"("judgeId", "targetKey", "value", "scale", "queryId");
