import { listMyAdjudications } from "@/lib/server/adjudication/list-my-adjudications";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/me/adjudications"], async ({ user }) => ({
  campaigns: await listMyAdjudications(user),
}));
