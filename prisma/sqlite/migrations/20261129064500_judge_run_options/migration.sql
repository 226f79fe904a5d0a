-- A nuggetizer run keeps its settings and the passages it reads (JudgeRun.options, JSON)
ALTER TABLE "JudgeRun" ADD COLUMN "options" TEXT;
