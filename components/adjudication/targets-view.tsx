import type { Scale } from "@/lib/domain/scales";
import type { AdjudicationItemView } from "@/lib/schemas/adjudication";
import { JudgmentBar } from "@/components/annotate/task-views/judgment-bar";

type Target = AdjudicationItemView["targets"][number];

/**
 * What the adjudicator weighs and decides: the annotators' comments, then each target (the item's
 * own, or each nugget of an answer) with every annotator's level, the LLM's once allowed, the
 * decision made, and for a target the queue asks about, the final level to choose (the one in
 * focus ringed when there are several).
 */
export function TargetsView({
  view,
  scale,
  levels,
  focus,
  busy,
  onChoose,
  onFocus,
}: {
  view: AdjudicationItemView;
  scale: Scale;
  /** The levels chosen so far, by target key. */
  levels: Record<string, string>;
  /** The key of the target the level keys choose for. */
  focus: string | null;
  busy: boolean;
  onChoose: (key: string, level: string) => void;
  onFocus: (key: string) => void;
}) {
  const several = view.targets.filter((t) => t.queued).length > 1;
  const comments = view.annotators.filter((a) => a.comment);
  return (
    <section aria-label="Annotators' labels" className="min-w-0 space-y-3">
      {comments.length > 0 && (
        <ul className="space-y-1 text-sm text-stone-600" aria-label="Comments">
          {comments.map((a) => (
            <li key={a.annotator} className="break-words">
              <span className="font-medium text-stone-800">{a.annotator}</span>: “{a.comment}”
            </li>
          ))}
        </ul>
      )}
      <ol className="space-y-2">
        {view.targets.map((t) => (
          <TargetCard
            key={t.key}
            target={t}
            annotators={view.annotators}
            scale={scale}
            chosen={levels[t.key] ?? null}
            ringed={several && focus === t.key}
            busy={busy}
            onChoose={(level) => onChoose(t.key, level)}
            onFocus={() => t.queued && onFocus(t.key)}
          />
        ))}
      </ol>
    </section>
  );
}

/** One target: its nugget (for an answer), each annotator's level, the LLM's once allowed, the decision, and the final level to choose. */
function TargetCard(p: {
  target: Target;
  annotators: AdjudicationItemView["annotators"];
  scale: Scale;
  chosen: string | null;
  ringed: boolean;
  busy: boolean;
  onChoose: (level: string) => void;
  onFocus: () => void;
}) {
  const t = p.target;
  const labelOf = (value: string | null) =>
    value === null ? "no label" : (p.scale.levels.find((l) => l.value === value)?.label ?? value);
  return (
    <li
      onClick={p.onFocus}
      className={`rounded-md border bg-white p-3 ${p.ringed ? "border-sky-600 ring-2 ring-sky-200" : "border-stone-200"}`}
    >
      {t.nugget && (
        <p className="mb-2 text-[15px] leading-6">
          <span className="mr-2 font-mono text-xs text-stone-500">{t.nugget.position}</span>
          {t.nugget.text}
        </p>
      )}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {p.annotators.map((a, i) => (
          <li key={a.annotator} data-testid="annotator-label">
            {a.annotator}: <strong>{labelOf(t.levels[i] ?? null)}</strong>
            {a.phase === "revised" && <span className="text-xs text-stone-500"> (revised)</span>}
          </li>
        ))}
      </ul>
      {t.llm && (
        <p role="note" className="mt-2 rounded-md border border-violet-200 bg-violet-50 px-3 py-1.5 text-sm">
          <span className="font-mono text-xs">{t.llm.judge}</span> said{" "}
          <strong data-testid="llm-label">{t.llm.text ?? "nothing for this target"}</strong>.
        </p>
      )}
      <Decided target={t} labelOf={labelOf} />
      {t.queued ? (
        <div className="mt-2">
          <JudgmentBar
            label={t.nugget ? `Final level of nugget ${t.nugget.position}` : "Final level"}
            levels={p.scale.levels}
            selected={p.chosen}
            busy={p.busy}
            reveal={null}
            onSelect={p.onChoose}
          />
        </div>
      ) : (
        <p className="mt-2 text-xs text-stone-500">The annotators agree: final.</p>
      )}
    </li>
  );
}

function Decided({ target: t, labelOf }: { target: Target; labelOf: (v: string) => string }) {
  const d = t.decision;
  if (!d) return null;
  return (
    <p className="mt-2 text-sm text-stone-600" data-testid="decision">
      Decided <strong>{labelOf(d.level)}</strong> by {d.by}, {new Date(d.decidedAt).toLocaleString()}
      {d.llmShown ? " (the LLM's label shown)" : ""}
      {d.reason ? `: “${d.reason}”` : ""}. Choose again to change it.
    </p>
  );
}
