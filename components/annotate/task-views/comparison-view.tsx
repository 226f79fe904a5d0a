import { choose, focusCriterion, justify, preference, type PreferenceDraft } from "@/lib/domain/task-types/preference";
import type { ScreenChoice } from "@/lib/domain/task-types/task-type";
import type { TaskView, TaskViewProps } from "./task-view";
import { TextInput } from "@/components/ui/field";
import { CitedPassages } from "./cited-passages";

const OPTIONS: { choice: ScreenChoice; key: string; label: string }[] = [
  { choice: "1", key: "1", label: "Response 1" },
  { choice: "2", key: "2", label: "Response 2" },
  { choice: "none", key: "0", label: "No preference" },
];

/**
 * A request and two answers side by side as Response 1 and Response 2 (which system is which is
 * never shown: the server sends no name), each with its cited passages to expand; per criterion,
 * a choice between them or no preference, and an optional justification.
 */
function ComparisonView(p: TaskViewProps<PreferenceDraft>) {
  const { item, draft } = p;
  const { criteria } = p.campaign;
  return (
    <div className="space-y-5">
      <section aria-label="Request">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-500">Request {item.question.id}</p>
        {item.question.title && <h2 className="mt-1 font-semibold">{item.question.title}</h2>}
        <div className="markdown mt-2 text-stone-700" dangerouslySetInnerHTML={{ __html: item.question.bodyHtml }} />
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        {item.comparison!.responses.map((r, i) => (
          <section
            key={i}
            aria-label={`Response ${i + 1}`}
            className="min-w-0 rounded-md border border-stone-200 bg-white p-3"
          >
            <h3 className="text-xs font-medium uppercase tracking-wide text-stone-500">Response {i + 1}</h3>
            <div className="markdown mt-2" dangerouslySetInnerHTML={{ __html: r.html }} />
            <CitedPassages citations={r.citations} />
          </section>
        ))}
      </div>
      <section aria-label="Criteria">
        <ol className="space-y-2">
          {criteria.map((c, i) => (
            <li
              key={c.id}
              aria-current={draft.focus === i ? "true" : undefined}
              data-testid={`criterion-${c.id}`}
              onClick={() => p.onDraft({ ...draft, focus: i })}
              className={`rounded-md border bg-white p-3 ${draft.focus === i ? "border-sky-600 ring-2 ring-sky-200" : "border-stone-200"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">{c.name}</p>
                  {c.definition && <p className="text-xs text-stone-600">{c.definition}</p>}
                </div>
                <div role="radiogroup" aria-label={c.name} className="flex gap-2">
                  {OPTIONS.map((o) => (
                    <button
                      key={o.choice}
                      type="button"
                      role="radio"
                      aria-checked={draft.choices[c.id] === o.choice}
                      disabled={p.busy}
                      onClick={(e) => {
                        e.stopPropagation();
                        p.onDraft(choose(draft, criteria, c.id, o.choice));
                      }}
                      className={`rounded-md border px-2.5 py-1 text-sm disabled:opacity-60 ${draft.choices[c.id] === o.choice ? "border-stone-900 bg-stone-900 text-white" : "border-stone-300 bg-white hover:bg-stone-100"}`}
                    >
                      <kbd className="mr-1 font-mono text-xs opacity-70">{o.key}</kbd>
                      {o.label}
                    </button>
                  ))}
                </div>
              </div>
              <TextInput
                compact
                aria-label={`Justification: ${c.name}`}
                value={draft.justifications[c.id] ?? ""}
                disabled={p.busy}
                onChange={(e) => p.onDraft(justify(draft, c.id, e.target.value))}
                placeholder="Why (optional; W to write, Esc to leave)"
                className="mt-2"
              />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** A comparison's keys: ↑/↓ (or K/J) move between criteria, 1 / 2 / 0 choose Response 1, 2 or no preference, W writes why. */
export const comparisonTask: TaskView<PreferenceDraft> = {
  definition: preference,
  Body: ComparisonView,
  keys: () => [
    ["↑ / ↓", "Previous / next criterion (also K / J)"],
    ["1 / 2", "Prefer Response 1 / Response 2 on this criterion"],
    ["0 or N", "No preference on this criterion"],
    ["W", "Write why (Esc leaves the box)"],
  ],
  onKey: (key, draft, { criteria }) => {
    const current = criteria[draft.focus];
    switch (key) {
      case "1":
      case "2":
        return current ? choose(draft, criteria, current.id, key) : draft;
      case "0":
      case "n":
      case "N":
        return current ? choose(draft, criteria, current.id, "none") : draft;
      case "ArrowUp":
      case "k":
      case "K":
        return focusCriterion(draft, -1, criteria.length);
      case "ArrowDown":
      case "j":
      case "J":
        return focusCriterion(draft, 1, criteria.length);
      case "w":
      case "W":
        if (current)
          document.querySelector<HTMLInputElement>(`input[aria-label="Justification: ${current.name}"]`)?.focus();
        return draft;
      default:
        return null;
    }
  },
};
