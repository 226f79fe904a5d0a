"use client";

import { useQuery } from "@tanstack/react-query";
import { campaignApi } from "./campaign-api";
import { queryKeys } from "./query-keys";

/** The item of a campaign's workspace with this id, as the annotator sees it (null while it loads, or with none shown). */
export function useWorkspaceItem(campaignId: number, itemId: number | null) {
  const query = useQuery({
    queryKey: queryKeys.campaigns.item(campaignId, itemId ?? 0),
    queryFn: () => campaignApi.item(campaignId, itemId!),
    enabled: itemId !== null,
  });
  const item = query.data && query.data.itemId === itemId ? query.data : null;
  return { item, error: query.error };
}
