import type { AgreementReport } from "@/lib/domain/agreement/build-agreement-report";
import { percent } from "./format";

/** FreshStack's calibration table: how humans labelled the targets the LLM called positive. */
export function PositivesTable({
  positives,
  ofAnnotators = false,
}: {
  positives: NonNullable<AgreementReport["positives"]>;
  ofAnnotators?: boolean;
}) {
  return (
    <section aria-labelledby="positives-heading">
      <h3 id="positives-heading" className="mb-1 font-semibold">
        {positives.human} over {positives.llm}-positive targets
      </h3>
      <p className="mb-3 text-sm text-stone-600">
        {ofAnnotators
          ? `${positives.pairs.toLocaleString("en")} annotator labels of targets ${positives.llm} labelled positive, by level.`
          : `${positives.pairs.toLocaleString("en")} targets ${positives.llm} labelled positive, by the label ${positives.human} gave them.`}
      </p>
      <ul className="max-w-xl space-y-2" aria-label="Human labels over LLM-positive targets">
        {positives.levels.map((l) => (
          <li key={l.level} className="grid grid-cols-[10rem_1fr_7rem] items-center gap-3 text-sm">
            <span>{l.level}</span>
            <span className="h-3 rounded bg-stone-200">
              <span className="block h-3 rounded bg-stone-700" style={{ width: percent(l.share) }} />
            </span>
            <span className="text-right font-mono tabular-nums">
              {percent(l.share)} ({l.count})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
