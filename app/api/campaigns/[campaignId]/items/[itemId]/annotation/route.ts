import { campaignItemParamsSchema, saveAnnotationSchema } from "@/lib/schemas/campaigns";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { route } from "@/lib/server/http/route";

export const PUT = route({ params: campaignItemParamsSchema, body: saveAnnotationSchema }, ({ user, params, body }) =>
  saveAnnotation(user, params.campaignId, params.itemId, body),
);
