import type { LlmLabel, Workspace } from "@/lib/schemas/campaigns";

type Props = {
  levels: Workspace["campaign"]["scale"]["levels"];
  selected: string | null;
  busy: boolean;
  reveal: { llm: LlmLabel; blindLevel: string | null; assisted: boolean } | null;
  onSelect: (level: string) => void;
  /** The group's name ("Label" unless told: the adjudicator's is the final level). */
  label?: string;
};

/** The scale as buttons with their keys, and the LLM's label once the protocol shows it. */
export function JudgmentBar(p: Props) {
  const labelOf = (value: string | null) => p.levels.find((l) => l.value === value)?.label ?? value;
  return (
    <div className="space-y-3">
      {p.reveal && (
        <p role="note" className="rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm">
          {p.reveal.assisted ? "LLM suggestion" : "Revealed"}:{" "}
          <span className="font-mono text-xs">{p.reveal.llm.judge}</span> said{" "}
          <strong data-testid="llm-label">{p.reveal.llm.text ?? "nothing for this pair"}</strong>.
          {!p.reveal.assisted && (
            <>
              {" "}
              Your blind label: <strong>{labelOf(p.reveal.blindLevel)}</strong>. Keep it or choose another, then press
              Enter.
            </>
          )}
        </p>
      )}
      <div role="radiogroup" aria-label={p.label ?? "Label"} className="flex flex-wrap gap-2">
        {p.levels.map((l) => (
          <button
            key={l.value}
            type="button"
            role="radio"
            aria-checked={p.selected === l.value}
            disabled={p.busy}
            onClick={() => p.onSelect(l.value)}
            className={`rounded-md border px-3 py-2 text-sm font-medium disabled:opacity-60 ${p.selected === l.value ? "border-stone-900 bg-stone-900 text-white" : "border-stone-300 bg-white hover:bg-stone-100"}`}
          >
            <kbd className="mr-2 font-mono text-xs opacity-70">{l.key}</kbd>
            {l.label}
          </button>
        ))}
      </div>
    </div>
  );
}
