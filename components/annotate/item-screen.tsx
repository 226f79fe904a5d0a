import type { WorkspaceItem } from "@/lib/schemas/campaigns";
import { SubmitBar } from "./submit-bar";
import type { TaskView, WorkspaceCampaign } from "./task-views/task-view";
import type { Draft } from "./use-item-draft";

/** The item shown: where it is among my items, the task's view of it, and the submit bar. */
export function ItemScreen({
  item,
  campaign,
  view,
  draft,
  position,
  count,
  busy,
  ready,
  onDraft,
  onComment,
  onSubmit,
  onSkip,
}: {
  item: WorkspaceItem;
  campaign: WorkspaceCampaign;
  view: TaskView<unknown>;
  draft: Draft;
  /** 0-based among my items, and how many I have */
  position: number;
  count: number;
  busy: boolean;
  /** whether the draft is complete enough to submit */
  ready: boolean;
  onDraft: (task: unknown) => void;
  onComment: (comment: string) => void;
  onSubmit: () => void;
  onSkip: () => void;
}) {
  return (
    <>
      <p className="text-xs text-stone-500" data-testid="item-position">
        Item {position + 1} of my {count} · {busy ? "updating…" : statusText(item)}
      </p>
      <view.Body item={item} campaign={campaign} draft={draft.task} busy={busy} onDraft={onDraft} />
      <SubmitBar
        comment={draft.comment}
        commentOpen={draft.commentOpen}
        commentFocus={draft.commentFocus}
        busy={busy}
        ready={ready}
        canSkip={item.status === "leased"}
        onComment={onComment}
        onSubmit={onSubmit}
        onSkip={onSkip}
      />
    </>
  );
}

/** The item's state as stored (while a save or a skip is under way the line reads "updating…": it is about to change). */
function statusText(item: WorkspaceItem): string {
  if (item.status === "skipped") return "skipped";
  const latest = item.mine.at(-1);
  return latest ? `labelled (${latest.phase}, version ${latest.version})` : "not labelled yet";
}

/** A key refused while the next item loaded, said in a live region until the item shows. */
export function KeyNotice({ refusedKey }: { refusedKey: string | null }) {
  return (
    <p aria-live="polite" data-testid="key-notice" className={refusedKey ? "text-sm text-amber-800" : "sr-only"}>
      {refusedKey
        ? `The next item is still loading: “${refusedKey}” was not applied. Press it again once the item shows.`
        : ""}
    </p>
  );
}
