"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { campaignApi } from "@/lib/client/campaign-api";
import { queryKeys } from "@/lib/client/query-keys";
import { useItemNavigation } from "@/lib/client/use-item-navigation";
import { useSaveQueue } from "@/lib/client/use-save-queue";
import { useWorkspaceItem } from "@/lib/client/use-workspace-item";
import type { Workspace } from "@/lib/schemas/campaigns";
import { Alert } from "@/components/ui/alert";
import { KeyboardHelp } from "./keyboard-help";
import { ItemScreen, KeyNotice } from "./item-screen";
import { taskViewOf } from "./task-views/task-views";
import { useFreshDraft, useItemDraft } from "./use-item-draft";
import { useSubmitItem } from "./use-submit-item";
import { useWorkspaceKeys } from "./use-workspace-keys";
import { NothingLeft, WorkspaceHeader } from "./workspace-header";

/**
 * An annotator's screen of work in a campaign: one item at a time, keyboard first. The item comes
 * from the navigation hook (claim, back and forth, skip), its draft from the draft hook; a submit
 * goes through the save queue (kept in local storage until the server has it), then moves on, or
 * reveals the LLM's label in a blind-then-reveal campaign.
 */
export function AnnotationWorkspace({
  initial,
  userId,
  startItem,
}: {
  initial: Workspace;
  userId: number;
  startItem: number | null;
}) {
  const campaign = initial.campaign;
  const view = taskViewOf(campaign.taskType);
  const { data: ws } = useQuery({
    queryKey: queryKeys.campaigns.workspace(campaign.id),
    queryFn: () => campaignApi.workspace(campaign.id),
    initialData: initial,
  });
  const drafts = useItemDraft();
  const { draft, update } = drafts;
  const nav = useItemNavigation({ campaignId: campaign.id, items: ws.items, startItem, onShow: drafts.clear });
  const { itemId, busy, move } = nav;
  const [help, setHelp] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { queue, state } = useSaveQueue(campaign.id, userId);
  const { item, error: itemError } = useWorkspaceItem(campaign.id, itemId);

  useFreshDraft(item, drafts, view, campaign);

  const { payloadOf, submit } = useSubmitItem({
    campaign,
    item,
    view,
    drafts,
    nav,
    queue,
    pending: state.pending,
  });

  const skip = useCallback(() => {
    if (item?.status === "leased" && !busy) void nav.skip(item.itemId);
  }, [item, busy, nav]);

  const { refusedKey } = useWorkspaceKeys({
    view,
    campaign,
    drafts,
    itemId,
    busy,
    help,
    setHelp,
    root,
    onSubmit: () => void submit(),
    onSkip: skip,
    onMove: (step) => void move(step),
  });

  return (
    <div ref={root} tabIndex={-1} className="space-y-5 outline-none">
      <WorkspaceHeader
        workspace={ws}
        guidelinesHtml={campaign.guidelinesHtml}
        saves={state}
        onHelp={() => setHelp(true)}
        onDismissRefused={() => queue?.dismissRefused()}
      />
      {nav.error && <Alert inline>{nav.error}</Alert>}
      <KeyNotice refusedKey={refusedKey} />
      {nav.finished && itemId === null && <NothingLeft status={ws.campaign.status} />}
      {itemId !== null && !item && (
        <p className="text-sm text-stone-500">
          {itemError ? `Could not load the item: ${itemError.message}` : "Loading…"}
        </p>
      )}
      {item && draft?.itemId === item.itemId && (
        <ItemScreen
          item={item}
          campaign={campaign}
          view={view}
          draft={draft}
          position={nav.position}
          count={ws.items.length}
          busy={busy}
          ready={payloadOf(draft) !== null}
          onDraft={(task) => update(() => ({ task }))}
          onComment={(comment) => update(() => ({ comment }))}
          onSubmit={() => void submit()}
          onSkip={skip}
        />
      )}
      {help && <KeyboardHelp taskKeys={view.keys(campaign)} onClose={() => setHelp(false)} />}
    </div>
  );
}
