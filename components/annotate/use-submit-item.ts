"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { nextPhase } from "@/lib/domain/campaigns/judgment";
import { newClientId } from "@/lib/client/client-id";
import { nextSaveVersion } from "@/lib/client/next-save-version";
import { queryKeys } from "@/lib/client/query-keys";
import type { PendingSave, SaveQueue } from "@/lib/client/save-queue";
import type { useItemNavigation } from "@/lib/client/use-item-navigation";
import type { WorkspaceItem } from "@/lib/schemas/campaigns";
import { draftContext, type TaskView, type WorkspaceCampaign } from "./task-views/task-view";
import type { Draft, useItemDraft } from "./use-item-draft";

/**
 * Submitting the item shown: its payload (null while the draft is incomplete), and `submit`, which
 * sends the latest draft through the save queue in the protocol's next phase, then moves on, or
 * stays on the item for the reveal in a blind-then-reveal campaign.
 */
export function useSubmitItem({
  campaign,
  item,
  view,
  drafts: { latest, update },
  nav,
  queue,
  pending,
}: {
  campaign: WorkspaceCampaign;
  item: WorkspaceItem | null;
  view: TaskView<unknown>;
  drafts: ReturnType<typeof useItemDraft>;
  nav: ReturnType<typeof useItemNavigation>;
  queue: SaveQueue | null;
  pending: readonly PendingSave[];
}) {
  const qc = useQueryClient();
  const payloadOf = useCallback(
    (d: Draft | null) =>
      d && item && d.itemId === item.itemId ? view.definition.payloadOf(d.task, draftContext(item, campaign)) : null,
    [item, view, campaign],
  );
  const { attempt, move, busy } = nav;
  const submit = useCallback(async () => {
    const draft = latest.current;
    const payload = payloadOf(draft);
    if (!item || !draft || !payload || !queue || busy) return;
    const phase = nextPhase(
      campaign.protocol,
      item.mine.some((m) => m.phase === "blind"),
    );
    const save = {
      clientId: newClientId(),
      phase,
      version: nextSaveVersion(item.mine, pending, item.itemId, phase),
      payload,
      comment: draft.comment.trim() || null,
      startedAt: new Date(draft.shownAt).toISOString(),
      durationMs: Date.now() - draft.shownAt,
      claim: item.claim,
    };
    const saved = await attempt(
      async () => {
        await queue.enqueue({ campaignId: campaign.id, itemId: item.itemId, save });
        await qc.invalidateQueries({ queryKey: queryKeys.campaigns.workspace(campaign.id) });
        await qc.invalidateQueries({ queryKey: queryKeys.campaigns.item(campaign.id, item.itemId) });
      },
      // a refused save: the save status (the queue's `refused`) says why, and the draft stays for the
      // annotator to fix; nothing else can be thrown (the queue keeps what it cannot send)
      () => {},
    );
    if (!saved) return;
    if (phase === "blind" && campaign.protocol === "blind_then_reveal") {
      update(() => ({ shownAt: Date.now() })); // the reveal: time to revise is measured from here
    } else {
      await move(1);
    }
  }, [item, payloadOf, queue, busy, campaign, pending, qc, attempt, move, latest, update]);
  return { payloadOf, submit };
}
