import { z } from "zod";
import { protocolSchema, taskTypeSchema } from "@/lib/domain/task-types";

/** A campaign as its annotator sees it on their home page: no LLM labels, no other annotators. */
export const myCampaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  studyName: z.string(),
  taskType: taskTypeSchema,
  protocol: protocolSchema,
  status: z.string(),
  progress: z.object({ submitted: z.number(), target: z.number() }),
});
export type MyCampaign = z.infer<typeof myCampaignSchema>;
