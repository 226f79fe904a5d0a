"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { WorkspaceItem } from "@/lib/schemas/campaigns";
import { draftContext, type TaskView, type WorkspaceCampaign } from "./task-views/task-view";

/**
 * What the annotator is entering on the item shown: the task's own draft (a level, a review, a
 * choice per criterion: see the task's view) and the comment.
 */
export type Draft = {
  itemId: number;
  task: unknown;
  comment: string;
  commentOpen: boolean;
  /** Bumped by the C key, so the comment box takes the focus only when asked (never on opening an item). */
  commentFocus: number;
  shownAt: number;
};

/**
 * The draft of the item shown. `latest` is the draft as the last key left it: keys can come faster
 * than React renders (a level's key then Enter), and Enter must save the level just chosen, not the
 * one on screen a moment before. `update` changes the latest draft, if there is one.
 */
export function useItemDraft() {
  const [draft, setDraftState] = useState<Draft | null>(null);
  const latest = useRef<Draft | null>(null);
  const setDraft = useCallback((next: Draft | null) => {
    latest.current = next;
    setDraftState(next);
  }, []);
  const clear = useCallback(() => setDraft(null), [setDraft]);
  const update = useCallback(
    (patch: (current: Draft) => Partial<Draft>) => {
      const current = latest.current;
      if (current) setDraft({ ...current, ...patch(current) });
    },
    [setDraft],
  );
  return { draft, latest, setDraft, clear, update };
}

/**
 * A fresh draft for each item shown, started by the task's view from the annotator's latest label on
 * it: an item shown again starts from its saved label, never from a draft left behind.
 */
export function useFreshDraft(
  item: WorkspaceItem | null,
  { draft, setDraft }: Pick<ReturnType<typeof useItemDraft>, "draft" | "setDraft">,
  view: TaskView<unknown>,
  campaign: WorkspaceCampaign,
) {
  useEffect(() => {
    if (item && draft?.itemId !== item.itemId) {
      const mine = item.mine.at(-1);
      setDraft({
        itemId: item.itemId,
        task: view.definition.startDraft(mine, draftContext(item, campaign)),
        comment: mine?.comment ?? "",
        commentOpen: Boolean(mine?.comment),
        commentFocus: 0,
        shownAt: Date.now(),
      });
    }
  }, [item, draft?.itemId, setDraft, view, campaign]);
}
