import { listMyCampaigns } from "@/lib/server/campaigns/list-my-campaigns";
import { route } from "@/lib/server/http/route";

export const GET = route({}, async ({ user }) => ({ campaigns: await listMyCampaigns(user) }));
