import {
  focusNugget,
  nuggetQuality,
  setMissing,
  toggleMark,
  writeMissing,
  type ReviewDraft,
  type ReviewMark,
} from "@/lib/domain/task-types/nugget-quality";
import type { TaskView, TaskViewProps } from "./task-view";
import { TextArea, TextInput } from "@/components/ui/field";
import { ImportanceBadge } from "../importance-badge";

const MARKS: { mark: ReviewMark; key: string; label: string; on: string }[] = [
  { mark: "hallucinated", key: "A", label: "Hallucinated", on: "border-red-700 bg-red-700 text-white" },
  { mark: "redundant", key: "B", label: "Minor or redundant", on: "border-amber-800 bg-amber-800 text-white" },
];

/**
 * A question, its gold answer and the LLM's nuggets in order, each with the two marks A
 * (hallucinated: not supported by the question and answer) and B (minor or redundant), and C: how
 * many more nuggets the question needs, optionally written out one per line.
 */
function NuggetReviewView(p: TaskViewProps<ReviewDraft>) {
  const { item, draft } = p;
  const { review, focus } = draft;
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-label="Question and answer" className="space-y-4">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500" data-testid="review-question">
            Question {item.question.id}
          </p>
          {item.question.title && <h2 className="mt-1 font-semibold">{item.question.title}</h2>}
          <div className="markdown mt-2 text-stone-700" dangerouslySetInnerHTML={{ __html: item.question.bodyHtml }} />
        </div>
        <div className="rounded-md border border-stone-200 bg-white p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500">Gold answer</p>
          {item.question.answerHtml ? (
            <div
              className="markdown mt-2 text-stone-700"
              dangerouslySetInnerHTML={{ __html: item.question.answerHtml }}
            />
          ) : (
            <p className="mt-2 text-sm text-stone-500">
              This question has no gold answer: judge the nuggets against the question.
            </p>
          )}
        </div>
      </section>
      <section aria-label="Nuggets" className="space-y-3">
        <ol className="space-y-2" aria-label="The LLM's nuggets">
          {item.nuggets.map((n, i) => {
            const marks = review.nuggets[i]!;
            return (
              <li
                key={n.id}
                aria-current={focus === i ? "true" : undefined}
                data-testid={`nugget-${n.position}`}
                onClick={() => p.onDraft({ ...draft, focus: i })}
                className={`rounded-md border bg-white p-3 ${focus === i ? "border-sky-600 ring-2 ring-sky-200" : "border-stone-200"}`}
              >
                <p className="text-[15px] leading-6">
                  <span className="mr-2 font-mono text-xs text-stone-500">{n.position}</span>
                  {n.text}
                  <ImportanceBadge importance={n.importance} />
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {MARKS.map((m) => (
                    <button
                      key={m.mark}
                      type="button"
                      aria-pressed={marks[m.mark]}
                      aria-label={`${m.label}: nugget ${n.position}`}
                      disabled={p.busy}
                      onClick={(e) => {
                        e.stopPropagation();
                        p.onDraft(toggleMark({ ...draft, focus: i }, i, m.mark));
                      }}
                      className={`rounded border px-2 py-1 text-xs font-medium disabled:opacity-60 ${marks[m.mark] ? m.on : "border-stone-300 bg-white text-stone-700 hover:bg-stone-100"}`}
                    >
                      <kbd className={`mr-1 font-mono ${marks[m.mark] ? "" : "opacity-70"}`}>{m.key}</kbd>
                      {m.label}
                      {marks[m.mark] ? " ✓" : ""}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ol>
        {item.nuggets.length === 0 && <p className="text-sm text-stone-500">This question has no nuggets.</p>}
        <div className="rounded-md border border-stone-200 bg-white p-3">
          <label className="flex items-center gap-3 text-sm font-medium">
            <span>
              Nuggets missing to cover every key idea <span className="font-normal text-stone-500">(keys 0–9)</span>
            </span>
            <TextInput
              compact
              type="number"
              min={0}
              max={100}
              value={review.missing}
              disabled={p.busy}
              onChange={(e) =>
                p.onDraft(setMissing(draft, Math.max(0, Math.min(100, Math.trunc(Number(e.target.value) || 0)))))
              }
              className="max-w-20"
            />
          </label>
          <label className="mt-2 block text-sm">
            <span className="text-stone-600">
              Missing nuggets, one per line (optional; they can be added to the study)
            </span>
            <TextArea
              compact
              aria-label="Missing nuggets"
              value={draft.missingText}
              disabled={p.busy}
              onChange={(e) => p.onDraft(writeMissing(draft, e.target.value))}
              rows={2}
              className="mt-1"
            />
          </label>
        </div>
      </section>
    </div>
  );
}

/** A nugget review's keys: ↑/↓ (or K/J) move between nuggets, A and B toggle the marks, a digit sets C, M writes missing nuggets. */
export const nuggetReviewTask: TaskView<ReviewDraft> = {
  definition: nuggetQuality,
  Body: NuggetReviewView,
  keys: () => [
    ["↑ / ↓", "Previous / next nugget (also K / J)"],
    ["A", "Mark the nugget hallucinated, or unmark it"],
    ["B", "Mark the nugget minor or redundant, or unmark it"],
    ["0–9", "How many nuggets are missing"],
    ["M", "Write the missing nuggets"],
  ],
  onKey: (key, draft) => {
    if (/^[0-9]$/.test(key)) return setMissing(draft, Number(key));
    switch (key) {
      case "ArrowUp":
      case "k":
      case "K":
        return focusNugget(draft, -1);
      case "ArrowDown":
      case "j":
      case "J":
        return focusNugget(draft, 1);
      case "a":
      case "A":
        return toggleMark(draft, draft.focus, "hallucinated");
      case "b":
      case "B":
        return toggleMark(draft, draft.focus, "redundant");
      case "m":
      case "M":
        document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Missing nuggets"]')?.focus();
        return draft;
      default:
        return null;
    }
  },
};
