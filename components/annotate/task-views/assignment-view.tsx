import type { NuggetAssignment } from "@/lib/domain/nugget-scores/nugget-scores";
import { BUILTIN_SCALES } from "@/lib/domain/scales";
import {
  assign,
  focusAssignment,
  nuggetAssignment,
  type AssignmentDraft,
} from "@/lib/domain/task-types/nugget-assignment";
import { ImportanceBadge } from "../importance-badge";
import type { TaskView, TaskViewProps } from "./task-view";
import { AnswerView } from "./answer-view";

// the scale's order and keys (1 not supported ... 3 supported), as the adjudicator's screen and the
// other level tasks press them: one key means one level on every screen
const LOOK: Record<NuggetAssignment, { label: string; on: string }> = {
  not_support: { label: "Not supported", on: "border-stone-700 bg-stone-700 text-white" },
  partial_support: { label: "Partly", on: "border-amber-800 bg-amber-800 text-white" },
  support: { label: "Supported", on: "border-emerald-700 bg-emerald-700 text-white" },
};
const LEVELS = BUILTIN_SCALES["nugget-assignment"].levels.map((l) => {
  const value = l.value as NuggetAssignment;
  return { value, key: l.key, ...LOOK[value] };
});

/**
 * A question, one RAG answer (its system never named) with the passages it cites, and the
 * question's nuggets in order, vital ones marked: per nugget, does the answer support it, partly,
 * or not (the TREC RAG track's nugget assignment). Once the protocol shows it (after the blind
 * assignment, or from the start when assisted), the campaign LLM's assignment under each nugget.
 */
function AssignmentView(p: TaskViewProps<AssignmentDraft>) {
  const { item, draft } = p;
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <AnswerView item={item} />
      <section aria-label="Nuggets" className="min-w-0">
        <ol className="space-y-2" aria-label="The question's nuggets">
          {item.nuggets.map((n, i) => (
            <li
              key={n.id}
              aria-current={draft.focus === i ? "true" : undefined}
              data-testid={`nugget-${n.position}`}
              onClick={() => p.onDraft({ ...draft, focus: i })}
              className={`rounded-md border bg-white p-3 ${draft.focus === i ? "border-sky-600 ring-2 ring-sky-200" : "border-stone-200"}`}
            >
              <p className="text-[15px] leading-6">
                <span className="mr-2 font-mono text-xs text-stone-500">{n.position}</span>
                {n.text}
                <ImportanceBadge importance={n.importance} />
              </p>
              <div role="radiogroup" aria-label={`Nugget ${n.position}`} className="mt-2 flex flex-wrap gap-2">
                {LEVELS.map((l) => (
                  <button
                    key={l.value}
                    type="button"
                    role="radio"
                    aria-checked={draft.assignments[n.id] === l.value}
                    disabled={p.busy}
                    onClick={(e) => {
                      e.stopPropagation();
                      p.onDraft(assign(draft, i, l.value));
                    }}
                    className={`rounded-md border px-2.5 py-1 text-sm disabled:opacity-60 ${draft.assignments[n.id] === l.value ? l.on : "border-stone-300 bg-white hover:bg-stone-100"}`}
                  >
                    {/* dimmed on white only: on a chosen level's colour the key keeps full contrast */}
                    <kbd
                      className={`mr-1 font-mono text-xs ${draft.assignments[n.id] === l.value ? "" : "opacity-70"}`}
                    >
                      {l.key}
                    </kbd>
                    {l.label}
                  </button>
                ))}
              </div>
              {item.llmAssignments && (
                <p className="mt-2 text-xs text-stone-600" data-testid={`llm-assignment-${n.position}`}>
                  <span className="font-mono">{item.llmAssignments.judge}</span> said{" "}
                  <strong>
                    {LEVELS.find((l) => l.value === item.llmAssignments!.levels[n.id])?.label.toLowerCase() ??
                      "nothing for this nugget"}
                  </strong>
                </p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** An assignment's keys: ↑/↓ (or K/J) move between nuggets, 1 / 2 / 3 assign the one in focus and move on. */
export const assignmentTask: TaskView<AssignmentDraft> = {
  definition: nuggetAssignment,
  Body: AssignmentView,
  keys: () => [
    ["↑ / ↓", "Previous / next nugget (also K / J)"],
    ["1 / 2 / 3", "The answer does not support the nugget / partly / supports it, then the next nugget"],
  ],
  onKey: (key, draft) => {
    const level = LEVELS.find((l) => l.key === key);
    if (level) return assign(draft, draft.focus, level.value);
    switch (key) {
      case "ArrowUp":
      case "k":
      case "K":
        return focusAssignment(draft, -1);
      case "ArrowDown":
      case "j":
      case "J":
        return focusAssignment(draft, 1);
      default:
        return null;
    }
  },
};
