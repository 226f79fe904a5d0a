import type { AltTestLlm } from "@/lib/domain/alt-test/build-alt-test-report";
import { fixed } from "@/components/reports/format";

/**
 * ρ, the advantage probability, of each LLM as a bar from 0 to 1 (higher is better; the paper
 * compares LLMs by it), a pass marked beside it. Plain boxes: it fits any width.
 */
export function RhoChart({ llms }: { llms: readonly AltTestLlm[] }) {
  const shown = llms.filter((l) => l.advantageProbability !== null);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="rho-heading">
      <h3 id="rho-heading" className="mb-2 font-semibold">
        Advantage probability ρ per LLM
      </h3>
      <div
        role="img"
        aria-label={`Bar chart of ρ per LLM: ${shown.map((l) => `${l.judge} ${fixed(l.advantageProbability)}`).join(", ")}`}
        className="max-w-3xl space-y-2"
      >
        {shown.map((l) => (
          <div
            key={l.judge}
            className="grid grid-cols-[minmax(0,9rem)_1fr_4.5rem] items-center gap-2 text-sm sm:grid-cols-[minmax(0,14rem)_1fr_10rem]"
          >
            <span className="truncate" title={l.judge}>
              {l.judge}
            </span>
            <span className="relative h-4 rounded-sm bg-stone-100">
              <span
                className={`absolute inset-y-0 left-0 rounded-sm ${l.passed ? "bg-emerald-600" : "bg-stone-500"}`}
                style={{ width: `${(l.advantageProbability! * 100).toFixed(1)}%` }}
              />
            </span>
            <span className="font-mono tabular-nums">
              {fixed(l.advantageProbability)}
              <span className="ml-1 font-sans text-xs text-stone-600">{l.passed ? "passed" : "not passed"}</span>
            </span>
          </div>
        ))}
        <p className="text-xs text-stone-500">
          0 ← the share of items where the LLM is at least as close to the other annotators as a randomly chosen
          annotator → 1. Green: the LLM passed the test.
        </p>
      </div>
    </section>
  );
}
