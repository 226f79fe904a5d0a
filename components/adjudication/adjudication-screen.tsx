"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { adjudicationApi } from "@/lib/client/adjudication-api";
import { queryKeys } from "@/lib/client/query-keys";
import { ENTER_LEAVES, useAnnotationKeys } from "@/lib/client/use-annotation-keys";
import { taskTypeLabel, TASK_TYPES } from "@/lib/domain/task-types/registry";
import type { AdjudicationQueue } from "@/lib/schemas/adjudication";
import { AnswerView } from "@/components/annotate/task-views/answer-view";
import { CitationItemView } from "@/components/annotate/task-views/citation-item-view";
import { ItemView } from "@/components/annotate/task-views/item-view";
import { KeyboardHelp } from "@/components/annotate/keyboard-help";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ProgressBar } from "@/components/ui/progress-bar";
import { choose, decidedLevels, moveFocus, startDraft, type AdjudicationDraft } from "./adjudication-draft";
import { nextToDecide } from "./next-to-decide";
import { TargetsView } from "./targets-view";

const KEYS: [string, string][] = [
  ["↑ / ↓", "Previous / next nugget of an answer"],
  ["Enter", "Decide: save the levels chosen"],
  ["S", "Next undecided item"],
  ["← / →", "Previous / next in the queue"],
  ["Space / Shift+Space", "Scroll a long passage down / up"],
  ["C", "Write the reason (optional)"],
  ["Enter in the reason", "Keep it and return to the keys (Ctrl+Enter: decide)"],
  ["Esc", "Leave the reason"],
  ["?", "Show or hide these keys"],
];

/**
 * The adjudicator's screen (docs/DOMAIN.md, "Adjudication"): the queue's items one at a time, the
 * strongest disagreement first, each as its annotators saw it with their labels beside it; a level
 * key chooses the final level of the target in focus (an answer's nuggets one after the other),
 * Enter decides and moves to the next undecided item.
 */
export function AdjudicationScreen({ initial }: { initial: AdjudicationQueue }) {
  const campaignId = initial.campaign.id;
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.campaigns.adjudication(campaignId),
    queryFn: () => adjudicationApi.queue(campaignId),
    initialData: initial,
    refetchInterval: 15_000,
  });
  const { campaign, counts, queue } = data;
  const [itemId, setItemId] = useState<number | null>(() => nextToDecide(initial.queue, null));
  const { data: view, error: viewError } = useQuery({
    queryKey: queryKeys.campaigns.adjudicationItem(campaignId, itemId ?? 0),
    queryFn: () => adjudicationApi.item(campaignId, itemId!),
    enabled: itemId !== null,
  });
  const [draft, setDraft] = useState<AdjudicationDraft | null>(null);
  const [reasonFocus, setReasonFocus] = useState(0);
  const [help, setHelp] = useState(false);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // a new item starts from its decisions, if made
  useEffect(() => {
    if (view && view.item.itemId !== draft?.itemId) setDraft(startDraft(view));
  }, [view, draft?.itemId]);
  useEffect(() => {
    if (reasonFocus > 0) reasonBox.current?.focus();
  }, [reasonFocus]);

  const decide = useMutation({
    mutationFn: (d: { itemId: number; levels: Record<string, string>; reason: string; labelsToken: string }) =>
      adjudicationApi.decide(campaignId, d.itemId, { levels: d.levels, reason: d.reason, labelsToken: d.labelsToken }),
    onSuccess: async (_saved, d) => {
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.adjudication(campaignId) });
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.adjudicationItem(campaignId, d.itemId) });
      const fresh = qc.getQueryData<AdjudicationQueue>(queryKeys.campaigns.adjudication(campaignId));
      setItemId(nextToDecide(fresh?.queue ?? queue, d.itemId));
    },
    onError: () =>
      void qc.invalidateQueries({ queryKey: queryKeys.campaigns.adjudicationItem(campaignId, itemId ?? 0) }),
  });
  const shown = view !== undefined && draft?.itemId === view.item.itemId ? { view, draft } : null;
  const ready = shown !== null && !decide.isPending;
  const levels = shown && decidedLevels(shown.draft, shown.view);
  const submit = () => {
    if (!ready || !levels) return;
    decide.mutate({
      itemId: shown.draft.itemId,
      levels,
      reason: shown.draft.reason,
      labelsToken: shown.view.labelsToken,
    });
  };
  const move = (step: -1 | 1) => {
    const at = queue.findIndex((q) => q.itemId === itemId);
    const next = queue[at + step];
    if (next) {
      decide.reset();
      setItemId(next.itemId);
    }
  };
  useAnnotationKeys({
    onTaskKey: (key) => {
      if (!shown) return false;
      const level = campaign.scale.levels.find((l) => l.key === key);
      if (level) setDraft(choose(shown.draft, shown.view, level.value));
      else if (key === "ArrowUp" || key === "ArrowDown")
        setDraft(moveFocus(shown.draft, shown.view, key === "ArrowUp" ? -1 : 1));
      else return false;
      return true;
    },
    onSubmit: () => (help ? setHelp(false) : submit()),
    onSkip: () => {
      decide.reset();
      setItemId(nextToDecide(queue, itemId));
    },
    onMove: move,
    onComment: () => setReasonFocus((n) => n + 1),
    onHelp: () => setHelp((h) => !h),
    onEscape: () => setHelp(false),
    onLeaveText: () => root.current?.focus(),
    onScroll: (direction) => window.scrollBy({ top: direction * Math.round(window.innerHeight * 0.8) }),
    ready: () => ready,
    onNotReady: () => undefined,
  });

  const at = queue.findIndex((q) => q.itemId === itemId);
  const unit = TASK_TYPES[campaign.taskType].unit;
  const Target = unit === "citation" ? CitationItemView : unit === "answer" ? AnswerView : ItemView;
  return (
    <div ref={root} tabIndex={-1} className="space-y-5 outline-none">
      <PageHeader
        title={`Adjudicate: ${campaign.name}`}
        description={`${campaign.studyName} · ${taskTypeLabel(campaign.taskType)} · the annotators never see this page`}
        actions={
          <Button type="button" variant="ghost" onClick={() => setHelp(true)}>
            Keys <kbd className="ml-1 font-mono text-xs">?</kbd>
          </Button>
        }
      />
      <div>
        <ProgressBar className="max-w-xl" value={counts.decided} max={counts.queued} label="Adjudication progress" />
        <p className="mt-1 text-xs tabular-nums text-stone-600" data-testid="adjudication-counts">
          {counts.decided} of {counts.queued} decided · {counts.disagreements} disagreements · {counts.agreed} agreed
          {campaign.every ? " (in the queue too)" : " (final)"} · {counts.waiting} waiting for their annotators
        </p>
      </div>
      {campaign.guidelinesHtml && (
        <details className="text-sm">
          <summary className="cursor-pointer text-stone-600">Guidelines</summary>
          <div className="markdown mt-2" dangerouslySetInnerHTML={{ __html: campaign.guidelinesHtml }} />
        </details>
      )}
      {queue.length === 0 && (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          Nothing to adjudicate yet: the annotators agree on every item two of them labelled.
        </p>
      )}
      {queue.length > 0 && itemId === null && (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" role="status">
          Every item of the queue is decided. Use ← / → to look at them again.
        </p>
      )}
      {itemId !== null && !view && (
        <p className="text-sm text-stone-500">
          {viewError ? `Could not load the item: ${viewError.message}` : "Loading…"}
        </p>
      )}
      {shown && (
        <>
          <p className="text-xs text-stone-500" data-testid="queue-position">
            Item {at + 1} of {queue.length} in the queue · item {shown.view.position} of the campaign ·{" "}
            {queue[at]?.decided ? "decided" : "undecided"}
          </p>
          <div className={unit === "answer" ? "grid gap-5 lg:grid-cols-2" : "space-y-5"}>
            <Target item={shown.view.item} />
            <TargetsView
              view={shown.view}
              scale={campaign.scale}
              levels={shown.draft.levels}
              focus={shown.draft.focus}
              busy={decide.isPending}
              onChoose={(key, level) => setDraft(choose(shown.draft, shown.view, level, key))}
              onFocus={(key) => setDraft({ ...shown.draft, focus: key })}
            />
          </div>
          <label className="block text-sm">
            <span className="text-stone-600">Reason (optional)</span>
            <TextArea
              compact
              ref={reasonBox}
              aria-label="Reason (optional)"
              {...{ [ENTER_LEAVES]: "" }}
              value={shown.draft.reason}
              disabled={decide.isPending}
              onChange={(e) => setDraft({ ...shown.draft, reason: e.target.value })}
              rows={2}
              placeholder="C to write · Enter keeps it and returns to the keys · Ctrl+Enter decides"
              className="mt-1"
            />
          </label>
          {decide.error && <Alert inline>{decide.error.message}</Alert>}
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="submit" type="button" onClick={submit} disabled={!ready || !levels} className="px-4">
              {decide.isPending ? "Saving…" : "Decide"} <kbd className="ml-1 font-mono text-xs">Enter</kbd>
            </Button>
            <Button
              variant="secondary"
              type="button"
              onClick={() => setItemId(nextToDecide(queue, itemId))}
              disabled={decide.isPending}
            >
              Next undecided <kbd className="ml-1 font-mono text-xs opacity-70">S</kbd>
            </Button>
          </div>
        </>
      )}
      {help && (
        <KeyboardHelp
          taskKeys={campaign.scale.levels.map((l): [string, string] => [l.key, l.label])}
          shared={KEYS}
          onClose={() => setHelp(false)}
        />
      )}
    </div>
  );
}
