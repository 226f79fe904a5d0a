"use client";

import { useEffect, useState, type RefObject } from "react";
import { useAnnotationKeys } from "@/lib/client/use-annotation-keys";
import type { TaskView, WorkspaceCampaign } from "./task-views/task-view";
import type { useItemDraft } from "./use-item-draft";

/**
 * The workspace's keys wired to its actions: the task's own keys change the latest draft, Enter
 * submits (or closes the help), S skips, arrows move, C opens the comment. A key pressed while the
 * next item loads is refused; `refusedKey` names it until the item is on screen.
 */
export function useWorkspaceKeys({
  view,
  campaign,
  drafts: { draft, latest, update },
  itemId,
  busy,
  help,
  setHelp,
  root,
  onSubmit,
  onSkip,
  onMove,
}: {
  view: TaskView<unknown>;
  campaign: WorkspaceCampaign;
  drafts: ReturnType<typeof useItemDraft>;
  itemId: number | null;
  busy: boolean;
  help: boolean;
  setHelp: (help: boolean | ((open: boolean) => boolean)) => void;
  root: RefObject<HTMLElement | null>;
  onSubmit: () => void;
  onSkip: () => void;
  onMove: (step: -1 | 1) => void;
}) {
  const [refusedKey, setRefusedKey] = useState<string | null>(null);
  useAnnotationKeys({
    onTaskKey: (key) => {
      const next = latest.current && view.onKey(key, latest.current.task, campaign);
      if (next) update(() => ({ task: next }));
      return Boolean(next);
    },
    onSubmit: () => (help ? setHelp(false) : onSubmit()),
    onSkip,
    onMove,
    onComment: () => update((d) => ({ commentOpen: true, commentFocus: d.commentFocus + 1 })),
    onHelp: () => setHelp((h) => !h),
    onEscape: () => setHelp(false),
    onLeaveText: () => root.current?.focus(),
    onScroll: (direction) => window.scrollBy({ top: direction * Math.round(window.innerHeight * 0.8) }),
    // an item is ready once its draft exists (a new item clears the draft at once, before it
    // renders) and no save, skip or claim is under way
    ready: () => !busy && (itemId === null || latest.current?.itemId === itemId),
    onNotReady: (key) => setRefusedKey(key === " " ? "Space" : key),
  });
  // the notice stays until the next item is on screen
  useEffect(() => {
    if (draft && draft.itemId === itemId) setRefusedKey(null);
  }, [draft, itemId]);
  return { refusedKey };
}
