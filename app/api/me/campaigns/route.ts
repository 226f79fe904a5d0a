import { listMyCampaigns } from "@/lib/server/campaigns/list-my-campaigns";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/me/campaigns"], async ({ user }) => ({
  campaigns: await listMyCampaigns(user),
}));
