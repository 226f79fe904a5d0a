"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { nextPhase } from "@/lib/domain/campaigns/judgment";
import { campaignApi } from "@/lib/client/campaign-api";
import { newClientId } from "@/lib/client/client-id";
import { queryKeys } from "@/lib/client/query-keys";
import { useAnnotationKeys } from "@/lib/client/use-annotation-keys";
import { useSaveQueue } from "@/lib/client/use-save-queue";
import type { Workspace, WorkspaceItem } from "@/lib/schemas/campaigns";
import { ProgressBar } from "@/components/ui/progress-bar";
import { KeyboardHelp } from "./keyboard-help";
import { SaveStatus } from "./save-status";
import { SubmitBar } from "./submit-bar";
import { draftContext } from "./task-views/task-view";
import { taskViewOf } from "./task-views/task-views";
import { Alert } from "@/components/ui/alert";
import { nextSaveVersion } from "@/lib/client/next-save-version";

/**
 * What the annotator is entering on the item shown: the task's own draft (a level, a review, a
 * choice per criterion: see the task's view) and the comment.
 */
type Draft = {
  itemId: number;
  task: unknown;
  comment: string;
  commentOpen: boolean;
  /** Bumped by the C key, so the comment box takes the focus only when asked (never on opening an item). */
  commentFocus: number;
  shownAt: number;
};

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
  const qc = useQueryClient();
  const { data: ws } = useQuery({
    queryKey: queryKeys.campaigns.workspace(campaign.id),
    queryFn: () => campaignApi.workspace(campaign.id),
    initialData: initial,
  });
  const [itemId, setItemId] = useState<number | null>(startItem);
  const [finished, setFinished] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  /** A key refused while the next item loaded, said in a live region until the item shows. */
  const [refusedKey, setRefusedKey] = useState<string | null>(null);
  const [draft, setDraftState] = useState<Draft | null>(null);
  // The draft as the last key left it: keys can come faster than React renders (a level's key then
  // Enter), and Enter must save the level just chosen, not the one on screen a moment before.
  const latestDraft = useRef<Draft | null>(null);
  const setDraft = useCallback((next: Draft | null) => {
    latestDraft.current = next;
    setDraftState(next);
  }, []);
  const root = useRef<HTMLDivElement>(null);
  const { queue, state } = useSaveQueue(campaign.id, userId);
  const itemQuery = useQuery({
    queryKey: queryKeys.campaigns.item(campaign.id, itemId ?? 0),
    queryFn: () => campaignApi.item(campaign.id, itemId!),
    enabled: itemId !== null,
  });
  const item = itemQuery.data && itemQuery.data.itemId === itemId ? itemQuery.data : null;

  const show = useCallback(
    (id: number | null) => {
      setItemId(id);
      setDraft(null); // an item shown again starts from its latest saved label, never from a draft left behind
      setError(null);
      window.history.replaceState(null, "", id === null ? window.location.pathname : `?item=${id}`);
    },
    [setDraft],
  );

  const claimNext = useCallback(async () => {
    setBusy(true);
    try {
      const { itemId: next } = await campaignApi.claim(campaign.id);
      setFinished(next === null);
      show(next);
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.workspace(campaign.id) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, [campaign.id, qc, show]);

  useEffect(() => {
    if (startItem === null) void claimNext();
  }, [startItem, claimNext]);

  // A fresh draft for each item shown, starting from the annotator's latest label on it.
  useEffect(() => {
    if (item && draft?.itemId !== item.itemId) {
      const latest = item.mine.at(-1);
      setDraft({
        itemId: item.itemId,
        task: view.definition.startDraft(latest, draftContext(item, campaign)),
        comment: latest?.comment ?? "",
        commentOpen: Boolean(latest?.comment),
        commentFocus: 0,
        shownAt: Date.now(),
      });
    }
  }, [item, draft?.itemId, view, campaign, setDraft]);

  const position = itemId === null ? -1 : ws.items.findIndex((i) => i.itemId === itemId);
  const move = useCallback(
    async (step: -1 | 1) => {
      // with no item shown (the campaign is done for me), ← goes back to my last item
      const target = position === -1 ? (step === -1 ? ws.items.at(-1) : undefined) : ws.items[position + step];
      if (target) show(target.itemId);
      else if (step === 1) await claimNext();
    },
    [ws.items, position, show, claimNext],
  );

  const payloadOf = useCallback(
    (d: Draft | null) =>
      d && item && d.itemId === item.itemId ? view.definition.payloadOf(d.task, draftContext(item, campaign)) : null,
    [item, view, campaign],
  );
  const payload = payloadOf(draft);
  const submit = useCallback(async () => {
    const draft = latestDraft.current;
    const payload = payloadOf(draft);
    if (!item || !draft || !payload || !queue || busy) return;
    const phase = nextPhase(
      campaign.protocol,
      item.mine.some((m) => m.phase === "blind"),
    );
    const save = {
      clientId: newClientId(),
      phase,
      version: nextSaveVersion(item.mine, state.pending, item.itemId, phase),
      payload,
      comment: draft.comment.trim() || null,
      startedAt: new Date(draft.shownAt).toISOString(),
      durationMs: Date.now() - draft.shownAt,
      claim: item.claim,
    };
    setBusy(true);
    try {
      await queue.enqueue({ campaignId: campaign.id, itemId: item.itemId, save });
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.workspace(campaign.id) });
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.item(campaign.id, item.itemId) });
      if (phase === "blind" && campaign.protocol === "blind_then_reveal") {
        setDraft({ ...(latestDraft.current ?? draft), shownAt: Date.now() }); // the reveal: time to revise is measured from here
      } else {
        setBusy(false);
        await move(1);
      }
    } catch {
      // a refused save: the save status (the queue's `refused`) shows why, and the draft stays for
      // the annotator to fix; nothing else can be thrown here (the queue keeps what it cannot send)
    } finally {
      setBusy(false);
    }
  }, [item, payloadOf, queue, busy, campaign, state.pending, qc, move, setDraft]);

  const skip = useCallback(async () => {
    if (!item || item.status !== "leased" || busy) return;
    setBusy(true);
    try {
      await campaignApi.skip(campaign.id, item.itemId);
      setBusy(false);
      await claimNext();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, [item, busy, campaign.id, claimNext]);

  const setTask = (task: unknown) => {
    const current = latestDraft.current;
    if (current) setDraft({ ...current, task });
  };
  useAnnotationKeys({
    onTaskKey: (key) => {
      const current = latestDraft.current;
      const next = current && view.onKey(key, current.task, campaign);
      if (!next) return false;
      setTask(next);
      return true;
    },
    onSubmit: () => (help ? setHelp(false) : void submit()),
    onSkip: () => void skip(),
    onMove: (step) => void move(step),
    onComment: () => {
      const current = latestDraft.current;
      if (current) setDraft({ ...current, commentOpen: true, commentFocus: current.commentFocus + 1 });
    },
    onHelp: () => setHelp((h) => !h),
    onEscape: () => setHelp(false),
    onLeaveText: () => root.current?.focus(),
    onScroll: (direction) => window.scrollBy({ top: direction * Math.round(window.innerHeight * 0.8) }),
    // an item is ready once its draft exists (show() clears the draft at once, before the next item
    // renders) and no save, skip or claim is under way
    ready: () => !busy && (itemId === null || latestDraft.current?.itemId === itemId),
    onNotReady: (key) => setRefusedKey(key === " " ? "Space" : key),
  });

  // the notice stays until the next item is on screen
  useEffect(() => {
    if (draft && draft.itemId === itemId) setRefusedKey(null);
  }, [draft, itemId]);

  return (
    <div ref={root} tabIndex={-1} className="space-y-5 outline-none">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link href="/annotate" className="text-sm text-stone-600 hover:underline">
            ← My campaigns
          </Link>
          <h1 className="text-xl font-semibold tracking-tight">{campaign.name}</h1>
          <p className="text-xs text-stone-600">
            {ws.progress.mine} labelled by me · campaign {ws.progress.campaignSubmitted} of {ws.progress.campaignTarget}{" "}
            ·{" "}
            <button type="button" onClick={() => setHelp(true)} className="underline">
              keys (?)
            </button>
          </p>
          <ProgressBar
            className="mt-2 w-64"
            value={ws.progress.campaignSubmitted}
            max={ws.progress.campaignTarget}
            label="Campaign progress"
          />
        </div>
        <SaveStatus state={state} onDismiss={() => queue?.dismissRefused()} />
      </header>
      <details className="rounded-md border border-stone-200 bg-white px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">Guidelines</summary>
        <div className="markdown mt-2" dangerouslySetInnerHTML={{ __html: campaign.guidelinesHtml }} />
      </details>
      {error && <Alert inline>{error}</Alert>}
      <p aria-live="polite" data-testid="key-notice" className={refusedKey ? "text-sm text-amber-800" : "sr-only"}>
        {refusedKey
          ? `The next item is still loading: “${refusedKey}” was not applied. Press it again once the item shows.`
          : ""}
      </p>
      {finished && itemId === null && (
        <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-sm text-stone-600">
          {ws.campaign.status === "paused"
            ? "The campaign is paused by its researcher: no new items for now. Use ← to review your labels."
            : ws.campaign.status === "closed"
              ? "The campaign is closed. Thank you!"
              : "Nothing is left for you in this campaign. Thank you! Use ← to review your labels."}
        </p>
      )}
      {itemId !== null && !item && (
        <p className="text-sm text-stone-500">
          {itemQuery.error ? `Could not load the item: ${itemQuery.error.message}` : "Loading…"}
        </p>
      )}
      {item && draft?.itemId === item.itemId && (
        <>
          <p className="text-xs text-stone-500" data-testid="item-position">
            Item {position + 1} of my {ws.items.length} · {statusText(item)}
          </p>
          <view.Body item={item} campaign={campaign} draft={draft.task} busy={busy} onDraft={setTask} />
          <SubmitBar
            comment={draft.comment}
            commentOpen={draft.commentOpen}
            commentFocus={draft.commentFocus}
            busy={busy}
            ready={payload !== null}
            canSkip={item.status === "leased"}
            onComment={(comment) => setDraft({ ...(latestDraft.current ?? draft), comment })}
            onSubmit={() => void submit()}
            onSkip={() => void skip()}
          />
        </>
      )}
      {help && <KeyboardHelp taskKeys={view.keys(campaign)} onClose={() => setHelp(false)} />}
    </div>
  );
}

function statusText(item: WorkspaceItem): string {
  if (item.status === "skipped") return "skipped";
  const latest = item.mine.at(-1);
  return latest ? `labelled (${latest.phase}, version ${latest.version})` : "not labelled yet";
}
