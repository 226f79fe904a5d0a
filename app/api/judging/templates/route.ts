import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { listTemplates, saveTemplate } from "@/lib/server/judging/judge-templates";

export const GET = route(API["GET /api/judging/templates"], async () => ({ templates: await listTemplates() }));

export const POST = route(API["POST /api/judging/templates"], ({ user, body }) => saveTemplate(body, user));
