"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { myCampaignSchema, type MyCampaign } from "@/lib/schemas/campaigns";
import { fetchJson } from "./fetch-json";
import { queryKeys } from "./query-keys";

const responseSchema = z.object({ campaigns: z.array(myCampaignSchema) });

/** The signed-in user's campaigns, refreshed when the window regains focus. */
export function useMyCampaigns(initial: MyCampaign[]) {
  return useQuery({
    queryKey: queryKeys.me.campaigns(),
    queryFn: async () => (await fetchJson("/api/me/campaigns", responseSchema)).campaigns,
    initialData: initial,
  });
}
