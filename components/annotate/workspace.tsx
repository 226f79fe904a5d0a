"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { nextPhase } from "@/lib/domain/campaigns/judgment";
import { blankReview, reconcileReview, type NuggetReview } from "@/lib/domain/nuggets/nugget-review";
import { campaignApi } from "@/lib/client/campaign-api";
import { newClientId } from "@/lib/client/client-id";
import { queryKeys } from "@/lib/client/query-keys";
import { useAnnotationKeys } from "@/lib/client/use-annotation-keys";
import { useSaveQueue } from "@/lib/client/use-save-queue";
import type { Criterion } from "@/lib/domain/preference/criteria";
import type { SaveAnnotation, Workspace, WorkspaceItem } from "@/lib/schemas/campaigns";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ComparisonView, type PreferenceDraft, type ScreenChoice } from "./comparison-view";
import { ItemView } from "./item-view";
import { JudgmentBar } from "./judgment-bar";
import { KeyboardHelp } from "./keyboard-help";
import { NuggetReviewView, type ReviewMark } from "./nugget-review-view";
import { SaveStatus } from "./save-status";
import { SubmitBar } from "./submit-bar";

/**
 * What the annotator is entering on the item shown: a level (support, relevance), a nugget review
 * with the nugget in focus and the missing nuggets as typed (nugget quality), or a choice per
 * criterion with the criterion in focus (preference); and the comment.
 */
type Draft = {
  itemId: number;
  level: string | null;
  review: NuggetReview | null;
  preference: PreferenceDraft | null;
  focus: number;
  missingText: string;
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
  const reviewing = campaign.taskType === "nugget_quality";
  const comparing = campaign.taskType === "preference";
  const levels = reviewing || comparing ? [] : campaign.scale.levels;
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
  const [draft, setDraft] = useState<Draft | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const { queue, state } = useSaveQueue(campaign.id, userId);
  const itemQuery = useQuery({
    queryKey: queryKeys.campaigns.item(campaign.id, itemId ?? 0),
    queryFn: () => campaignApi.item(campaign.id, itemId!),
    enabled: itemId !== null,
  });
  const item = itemQuery.data && itemQuery.data.itemId === itemId ? itemQuery.data : null;

  const show = useCallback((id: number | null) => {
    setItemId(id);
    setDraft(null); // an item shown again starts from its latest saved label, never from a draft left behind
    setError(null);
    window.history.replaceState(null, "", id === null ? window.location.pathname : `?item=${id}`);
  }, []);

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
      const ids = item.nuggets.map((n) => n.id);
      const review = reviewing ? (latest?.review ? reconcileReview(latest.review, ids) : blankReview(ids)) : null;
      const preference = comparing ? (latest?.preference ?? { choices: {}, justifications: {} }) : null;
      setDraft({
        itemId: item.itemId,
        level: latest?.level ?? null,
        review,
        preference,
        focus: 0,
        missingText: review?.missingNuggets.join("\n") ?? "",
        comment: latest?.comment ?? "",
        commentOpen: Boolean(latest?.comment),
        commentFocus: 0,
        shownAt: Date.now(),
      });
    }
  }, [item, draft?.itemId, reviewing, comparing]);

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

  const payload = draft && item && payloadOf(draft, item, campaign.criteria);
  const submit = useCallback(async () => {
    if (!item || !draft || !payload || !queue || busy) return;
    const phase = nextPhase(
      campaign.protocol,
      item.mine.some((m) => m.phase === "blind"),
    );
    const stored = item.mine.find((m) => m.phase === phase)?.version ?? 0;
    const queued = Math.max(
      0,
      ...state.pending.filter((p) => p.itemId === item.itemId && p.save.phase === phase).map((p) => p.save.version),
    );
    const save = {
      clientId: newClientId(),
      phase,
      version: Math.max(stored, queued) + 1,
      payload,
      comment: draft.comment.trim() || null,
      startedAt: new Date(draft.shownAt).toISOString(),
      durationMs: Date.now() - draft.shownAt,
    };
    setBusy(true);
    try {
      await queue.enqueue({ campaignId: campaign.id, itemId: item.itemId, save });
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.workspace(campaign.id) });
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.item(campaign.id, item.itemId) });
      if (phase === "blind" && campaign.protocol === "blind_then_reveal") {
        setDraft({ ...draft, shownAt: Date.now() }); // the reveal: time to revise is measured from here
      } else {
        setBusy(false);
        await move(1);
      }
    } catch {
      // refused: the save status shows why; the draft stays for the annotator to fix
    } finally {
      setBusy(false);
    }
  }, [item, draft, payload, queue, busy, campaign, state.pending, qc, move]);

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

  const review = draft?.review ?? null;
  const setReview = (next: Partial<Pick<Draft, "review" | "focus" | "missingText">>) =>
    draft && setDraft({ ...draft, ...next });
  const toggle = (index: number, mark: ReviewMark) =>
    review &&
    setReview({
      review: { ...review, nuggets: review.nuggets.map((n, i) => (i === index ? { ...n, [mark]: !n[mark] } : n)) },
    });
  // C never falls below the number of missing nuggets written out
  const setMissing = (count: number) =>
    review &&
    draft &&
    setReview({ review: { ...review, missing: Math.max(count, linesOf(draft.missingText).length) } });
  const writeMissing = (text: string) =>
    review &&
    setReview({ missingText: text, review: { ...review, missing: Math.max(review.missing, linesOf(text).length) } });

  const preference = draft?.preference ?? null;
  const choose = (criterion: string, choice: ScreenChoice) => {
    if (!draft?.preference) return;
    const index = campaign.criteria.findIndex((c) => c.id === criterion);
    // a choice moves on to the next criterion, so the keys 1 / 2 / 0 alone go down the list
    setDraft({
      ...draft,
      preference: { ...draft.preference, choices: { ...draft.preference.choices, [criterion]: choice } },
      focus: Math.min(index + 1, campaign.criteria.length - 1),
    });
  };

  useAnnotationKeys({
    levels,
    onLevel: (level) => draft && setDraft({ ...draft, level }),
    onSubmit: () => (help ? setHelp(false) : void submit()),
    onSkip: () => void skip(),
    onMove: (step) => void move(step),
    onComment: () => draft && setDraft({ ...draft, commentOpen: true, commentFocus: draft.commentFocus + 1 }),
    onHelp: () => setHelp((h) => !h),
    onEscape: () => setHelp(false),
    onLeaveText: () => root.current?.focus(),
    review: review
      ? {
          onNugget: (step) =>
            draft &&
            setReview({ focus: Math.min(Math.max(draft.focus + step, 0), Math.max(review.nuggets.length - 1, 0)) }),
          onMark: (mark) => draft && toggle(draft.focus, mark),
          onMissing: setMissing,
          onWriteMissing: () =>
            document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Missing nuggets"]')?.focus(),
        }
      : undefined,
    compare: preference
      ? {
          onCriterion: (step) =>
            draft &&
            setDraft({ ...draft, focus: Math.min(Math.max(draft.focus + step, 0), campaign.criteria.length - 1) }),
          onChoose: (choice) => draft && choose(campaign.criteria[draft.focus]!.id, choice),
          onJustify: () =>
            draft &&
            document
              .querySelector<HTMLInputElement>(
                `input[aria-label="Justification: ${campaign.criteria[draft.focus]!.name}"]`,
              )
              ?.focus(),
        }
      : undefined,
  });

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
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
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
          {draft.preference ? (
            <ComparisonView
              item={item}
              criteria={campaign.criteria}
              draft={draft.preference}
              focus={draft.focus}
              busy={busy}
              onFocus={(focus) => setDraft({ ...draft, focus })}
              onChoose={choose}
              onJustify={(criterion, text) =>
                draft.preference &&
                setDraft({
                  ...draft,
                  preference: {
                    ...draft.preference,
                    justifications: { ...draft.preference.justifications, [criterion]: text },
                  },
                })
              }
            />
          ) : draft.review ? (
            <NuggetReviewView
              item={item}
              review={draft.review}
              missingText={draft.missingText}
              focus={draft.focus}
              busy={busy}
              onFocus={(focus) => setReview({ focus })}
              onToggle={toggle}
              onMissing={setMissing}
              onMissingText={writeMissing}
            />
          ) : (
            <>
              <ItemView item={item} />
              <JudgmentBar
                levels={levels}
                selected={draft.level}
                busy={busy}
                reveal={
                  item.llm
                    ? {
                        llm: item.llm,
                        blindLevel: item.mine.find((m) => m.phase === "blind")?.level ?? null,
                        assisted: campaign.protocol === "assisted",
                      }
                    : null
                }
                onSelect={(level) => setDraft({ ...draft, level })}
              />
            </>
          )}
          <SubmitBar
            comment={draft.comment}
            commentOpen={draft.commentOpen}
            commentFocus={draft.commentFocus}
            busy={busy}
            ready={payload !== null}
            canSkip={item.status === "leased"}
            onComment={(comment) => setDraft({ ...draft, comment })}
            onSubmit={() => void submit()}
            onSkip={() => void skip()}
          />
        </>
      )}
      {help && <KeyboardHelp levels={levels} review={reviewing} compare={comparing} onClose={() => setHelp(false)} />}
    </div>
  );
}

/** What a save sends for the draft: the level, the review, or the preference once every criterion has a choice; null until then. */
function payloadOf(
  draft: Draft,
  item: WorkspaceItem,
  criteria: readonly Criterion[],
): SaveAnnotation["payload"] | null {
  if (draft.preference) {
    if (!item.comparison || criteria.some((c) => !draft.preference!.choices[c.id])) return null;
    return {
      sides: item.comparison.sides,
      choices: draft.preference.choices,
      justifications: draft.preference.justifications,
    };
  }
  if (draft.review) return { ...draft.review, missingNuggets: linesOf(draft.missingText) };
  return draft.level === null ? null : { level: draft.level };
}

/** The non-empty lines of a text box, trimmed. */
const linesOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

function statusText(item: WorkspaceItem): string {
  if (item.status === "skipped") return "skipped";
  const latest = item.mine.at(-1);
  return latest ? `labelled (${latest.phase}, version ${latest.version})` : "not labelled yet";
}
