"use client";

import { useRef, useState } from "react";
import { useAnnotationKeys } from "@/lib/client/use-annotation-keys";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import type { AdjudicationQueue } from "@/lib/schemas/adjudication";
import { AnswerView } from "@/components/annotate/task-views/answer-view";
import { CitationItemView } from "@/components/annotate/task-views/citation-item-view";
import { ItemView } from "@/components/annotate/task-views/item-view";
import { KeyboardHelp } from "@/components/annotate/keyboard-help";
import { AdjudicationHeader } from "./adjudication-header";
import { choose, moveFocus } from "./adjudication-draft";
import { DecisionBar } from "./decision-bar";
import { TargetsView } from "./targets-view";
import { useAdjudication } from "./use-adjudication";

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
  const a = useAdjudication(initial);
  const { campaign, queue } = a.data;
  const { shown } = a;
  const [reasonFocus, setReasonFocus] = useState(0);
  const [help, setHelp] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useAnnotationKeys({
    onTaskKey: (key) => {
      if (!shown) return false;
      const level = campaign.scale.levels.find((l) => l.key === key);
      if (level) a.setDraft(choose(shown.draft, shown.view, level.value));
      else if (key === "ArrowUp" || key === "ArrowDown")
        a.setDraft(moveFocus(shown.draft, shown.view, key === "ArrowUp" ? -1 : 1));
      else return false;
      return true;
    },
    onSubmit: () => (help ? setHelp(false) : a.submit()),
    onSkip: a.skip,
    onMove: a.move,
    onComment: () => setReasonFocus((n) => n + 1),
    onHelp: () => setHelp((h) => !h),
    onEscape: () => setHelp(false),
    onLeaveText: () => root.current?.focus(),
    onScroll: (direction) => window.scrollBy({ top: direction * Math.round(window.innerHeight * 0.8) }),
    ready: () => a.ready,
    onNotReady: () => undefined,
  });

  const at = queue.findIndex((q) => q.itemId === a.itemId);
  const unit = TASK_TYPES[campaign.taskType].unit;
  const Target = unit === "citation" ? CitationItemView : unit === "answer" ? AnswerView : ItemView;
  return (
    <div ref={root} tabIndex={-1} className="space-y-5 outline-none">
      <AdjudicationHeader queue={a.data} onHelp={() => setHelp(true)} />
      <QueueStatus queued={queue.length} itemId={a.itemId} loading={!shown} error={a.viewError} />
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
              busy={a.decide.isPending}
              onChoose={(key, level) => a.setDraft(choose(shown.draft, shown.view, level, key))}
              onFocus={(key) => a.setDraft({ ...shown.draft, focus: key })}
            />
          </div>
          <DecisionBar
            reason={shown.draft.reason}
            reasonFocus={reasonFocus}
            busy={a.decide.isPending}
            ready={a.ready && a.levels !== null}
            error={a.decide.error}
            onReason={(reason) => a.setDraft({ ...shown.draft, reason })}
            onDecide={a.submit}
            onNext={a.skip}
          />
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

/** What stands in for the item when there is none to show: nothing queued, all decided, or the item loading. */
function QueueStatus(p: { queued: number; itemId: number | null; loading: boolean; error: Error | null }) {
  if (p.queued === 0)
    return (
      <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
        Nothing to adjudicate yet: the annotators agree on every item two of them labelled.
      </p>
    );
  if (p.itemId === null)
    return (
      <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" role="status">
        Every item of the queue is decided. Use ← / → to look at them again.
      </p>
    );
  if (!p.loading) return null;
  return (
    <p className="text-sm text-stone-500">{p.error ? `Could not load the item: ${p.error.message}` : "Loading…"}</p>
  );
}
