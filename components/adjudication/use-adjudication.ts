"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { adjudicationApi } from "@/lib/client/adjudication-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdjudicationQueue } from "@/lib/schemas/adjudication";
import { decidedLevels, startDraft, type AdjudicationDraft } from "./adjudication-draft";
import { nextToDecide, stepInQueue } from "./next-to-decide";

/**
 * The adjudicator's state: the queue (refreshed while annotators work), the item shown and its
 * draft (started from its decisions), and the actions: decide (then on to the next undecided
 * item), skip to it, move through the queue.
 */
export function useAdjudication(initial: AdjudicationQueue) {
  const campaignId = initial.campaign.id;
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.campaigns.adjudication(campaignId),
    queryFn: () => adjudicationApi.queue(campaignId),
    initialData: initial,
    refetchInterval: 15_000,
  });
  const { queue } = data;
  const [itemId, setItemId] = useState<number | null>(() => nextToDecide(initial.queue, null));
  const { data: view, error: viewError } = useQuery({
    queryKey: queryKeys.campaigns.adjudicationItem(campaignId, itemId ?? 0),
    queryFn: () => adjudicationApi.item(campaignId, itemId!),
    enabled: itemId !== null,
  });
  const [draft, setDraft] = useState<AdjudicationDraft | null>(null);
  useEffect(() => {
    if (view && view.item.itemId !== draft?.itemId) setDraft(startDraft(view));
  }, [view, draft?.itemId]);

  const decide = useMutation({
    mutationFn: (d: { itemId: number; levels: Record<string, string>; reason: string; labelsToken: string }) =>
      adjudicationApi.decide(campaignId, d.itemId, { levels: d.levels, reason: d.reason, labelsToken: d.labelsToken }),
    onSuccess: async (_saved, d) => {
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.adjudication(campaignId) });
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.adjudicationItem(campaignId, d.itemId) });
      const fresh = qc.getQueryData<AdjudicationQueue>(queryKeys.campaigns.adjudication(campaignId));
      setItemId(nextToDecide(fresh?.queue ?? queue, d.itemId));
    },
    // the labels may have changed under the adjudicator: show them again
    onError: () =>
      void qc.invalidateQueries({ queryKey: queryKeys.campaigns.adjudicationItem(campaignId, itemId ?? 0) }),
  });
  const shown = view !== undefined && draft?.itemId === view.item.itemId ? { view, draft } : null;
  const ready = shown !== null && !decide.isPending;
  const levels = shown && decidedLevels(shown.draft, shown.view);
  const show = (next: number | null) => {
    decide.reset();
    setItemId(next);
  };
  return {
    data,
    itemId,
    viewError,
    shown,
    ready,
    /** The levels a decision would send, or null until every disputed target has one. */
    levels,
    decide,
    setDraft,
    submit: () => {
      if (!ready || !levels) return;
      decide.mutate({
        itemId: shown.draft.itemId,
        levels,
        reason: shown.draft.reason,
        labelsToken: shown.view.labelsToken,
      });
    },
    skip: () => show(nextToDecide(queue, itemId)),
    move: (step: -1 | 1) => {
      const next = stepInQueue(queue, itemId, step);
      if (next !== null) show(next);
    },
  };
}
