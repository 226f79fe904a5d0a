import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { listTemplates, saveTemplate } from "@/lib/server/judging/judge-templates";

export const GET = route(API["GET /api/studies/{studyId}/judge-templates"], async ({ user, params }) => ({
  templates: await listTemplates(user, params.studyId),
}));

export const POST = route(API["POST /api/studies/{studyId}/judge-templates"], ({ user, params, body }) =>
  saveTemplate(user, params.studyId, body),
);
