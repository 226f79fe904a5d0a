import type { ImpactReport } from "@/lib/domain/impact/build-impact-report";
import type { SignificancePair } from "@/lib/domain/impact/impact-significance";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Field, Select } from "@/components/ui/field";
import { ScrollX } from "@/components/ui/scroll-x";
import { count } from "@/components/ui/wording";

type Significance = ImpactReport["significance"];
const TESTS = { randomization: "Randomization (sign-flip) test", t: "Paired t-test" } as const;
/** How many questions the differences chart draws (those whose difference moves most between the sets). */
const CHART_QUESTIONS = 40;

const pOf = (p: SignificancePair, test: Significance["test"]) => (test === "t" ? p.tPHolm : p.randomizationPHolm);
const pText = (p: number | null) => (p === null ? "no test" : p < 0.0001 ? p.toExponential(1) : p.toFixed(4));

/** What a swap means: a finding when its runs differ under both sets, noise when under neither. */
function verdict(a: boolean | null, b: boolean | null): string {
  if (a && b) return "a finding: they differ under both";
  if (!a && !b) return "noise: they differ under neither";
  return a ? "they differ under A only" : "they differ under B only";
}

/**
 * Are the differences between runs real? The paired tests' choices (measure, test, the pair drawn),
 * each swap labelled with whether its runs differ under A and under B, a matrix per set of which
 * pairs differ, and the chosen pair's per-question differences.
 */
export function SignificanceSection({ report, titles }: { report: ImpactReport; titles: { a: string; b: string } }) {
  const s = report.significance;
  const runs = [...s.order.a].sort();
  return (
    <section aria-labelledby="significance-heading" className="space-y-6" data-testid="significance">
      <div>
        <h2 id="significance-heading" className="text-lg font-semibold">
          Are the differences real?
        </h2>
        <p className="mt-1 text-sm text-stone-600" data-testid="significance-summary">
          {TESTS[s.test]} on {s.measure}, each pair of {count(runs.length, "run")} over the{" "}
          {count(s.questions, "question")} both sets judged
          {s.test === "randomization" &&
            (s.exact
              ? " (exact: every sign assignment)"
              : ` (${s.permutations.toLocaleString("en")} draws, seed ${s.seed})`)}
          ; Holm-adjusted over the {count(s.pairs.a.length, "pair")}, two runs differ at p &lt; {s.level}. A run that
          misses a question scores 0 on it here (trec_eval -c), so these means may differ from the scores above.
        </p>
      </div>
      <SignificanceControls report={report} runs={runs} />
      <SwapsTable significance={s} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SignificanceMatrix set="a" title={titles.a} significance={s} />
        <SignificanceMatrix set="b" title={titles.b} significance={s} />
      </div>
      {s.differences && <DifferencesChart differences={s.differences} />}
    </section>
  );
}

/** The tests' choices as a GET form that keeps the report's own (the sets, the family, -J). */
function SignificanceControls({ report, runs }: { report: ImpactReport; runs: string[] }) {
  const s = report.significance;
  return (
    <form
      method="get"
      aria-label="Significance tests"
      className="grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-5"
    >
      <input type="hidden" name="a" value={report.sets.a} />
      <input type="hidden" name="b" value={report.sets.b} />
      <input type="hidden" name="family" value={report.family} />
      {report.judgedOnly && <input type="hidden" name="judged" value="1" />}
      <Field label="Measure tested">
        <Select name="measure" defaultValue={s.measure} compact>
          {report.metrics.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </Select>
      </Field>
      <Field label="Test">
        <Select name="test" defaultValue={s.test} compact>
          {Object.entries(TESTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {(["x", "y"] as const).map((side, i) => (
        <Field key={side} label={i === 0 ? "Differences of run" : "minus run"}>
          <Select name={side} defaultValue={s.differences?.[side] ?? ""} compact>
            {runs.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </Select>
        </Field>
      ))}
      <Button type="submit">Test</Button>
    </form>
  );
}

function SwapsTable({ significance: s }: { significance: Significance }) {
  if (s.swaps.length === 0)
    return <p className="text-sm text-stone-600">No two runs swap places on {s.measure} between the two sets.</p>;
  const mark = (v: boolean | null) => (v === null ? "no test" : v ? "differ" : "do not differ");
  return (
    <DataTable
      label={`Swaps on ${s.measure}`}
      stackOnPhone
      minWidth="min-w-[36rem] max-w-4xl"
      rows={s.swaps}
      rowKey={(w) => `${w.x}\n${w.y}`}
      rowProps={(w) => ({ "data-testid": `swap-${w.x}-${w.y}` })}
      columns={[
        { header: "Runs that swap", className: "font-mono text-xs", cell: (w) => `${w.x} ↔ ${w.y}` },
        { header: "Under A", cell: (w) => mark(w.a) },
        { header: "Under B", cell: (w) => mark(w.b) },
        { header: "So the swap is", cell: (w) => verdict(w.a, w.b) },
      ]}
    />
  );
}

/**
 * Which pairs of runs differ under one set: the runs ordered by their mean under it (best first),
 * a filled dot where the row's and the column's runs differ (the adjusted p-value on hover).
 */
function SignificanceMatrix({
  set,
  title,
  significance: s,
}: {
  set: "a" | "b";
  title: string;
  significance: Significance;
}) {
  const order = s.order[set];
  const pairs = new Map(s.pairs[set].map((p) => [`${p.a}\n${p.b}`, p]));
  const pairOf = (x: string, y: string) => pairs.get(`${x}\n${y}`) ?? pairs.get(`${y}\n${x}`)!;
  const label = `Which runs differ under ${set.toUpperCase()}`;
  return (
    <section aria-label={label} data-testid={`significance-matrix-${set}`}>
      <h3 className="mb-1 font-semibold">
        {label} <span className="font-normal text-stone-600">({title})</span>
      </h3>
      <ScrollX>
        <table className="text-sm" aria-label={label}>
          <thead>
            <tr>
              <th className="px-1 text-left font-normal text-stone-500">run (best first)</th>
              {order.map((_, j) => (
                <th key={j} className="w-7 px-1 text-center font-mono font-normal text-stone-600" scope="col">
                  {j + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.map((row, i) => (
              <tr key={row} className="border-t border-stone-100">
                <th scope="row" className="max-w-[10rem] truncate px-1 text-left font-mono font-normal" title={row}>
                  {i + 1}. {row}
                </th>
                {order.map((col, j) => {
                  if (i === j) return <td key={col} className="h-7 w-8 border border-white bg-stone-100" />;
                  const p = pOf(pairOf(row, col), s.test);
                  const differs = p !== null && p < s.level;
                  return (
                    <td
                      key={col}
                      className={`h-7 w-8 border border-white px-1 text-center ${differs ? "bg-sky-100 text-sky-900" : "text-stone-400"}`}
                      title={`${row} vs ${col}: adjusted p ${pText(p)}`}
                      data-differs={differs ? "yes" : "no"}
                    >
                      {p === null ? "—" : differs ? "●" : "·"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      <p className="mt-1 text-xs text-stone-500">
        ● differ (adjusted p &lt; {s.level}) · do not differ — no test (the same values)
      </p>
    </section>
  );
}

/** The chosen pair's difference on each question under both sets, as bars either side of 0. */
function DifferencesChart({ differences: d }: { differences: NonNullable<Significance["differences"]> }) {
  const shown = [...d.questions]
    .sort((x, y) => Math.abs(y.a) + Math.abs(y.b) - (Math.abs(x.a) + Math.abs(x.b)))
    .slice(0, CHART_QUESTIONS)
    .sort((x, y) => y.a - x.a || y.b - x.b);
  const max = Math.max(1e-9, ...shown.flatMap((q) => [Math.abs(q.a), Math.abs(q.b)]));
  const bar = (v: number, color: string) => (
    <span className="relative block h-2">
      <span
        className={`absolute inset-y-0 ${color}`}
        style={v >= 0 ? { left: "50%", width: `${(v / max) * 50}%` } : { right: "50%", width: `${(-v / max) * 50}%` }}
      />
    </span>
  );
  return (
    <section aria-labelledby="differences-heading">
      <h3 id="differences-heading" className="mb-1 font-semibold">
        {d.x} minus {d.y}, question by question
      </h3>
      <p className="mb-2 text-xs text-stone-500">
        Under A (dark) and B (light); right of the line {d.x} scores higher.
        {d.questions.length > shown.length &&
          ` The ${shown.length} questions of ${d.questions.length} that differ most.`}
      </p>
      <div
        role="img"
        aria-label={`Per-question differences ${d.x} minus ${d.y}: ${shown.map((q) => `${q.question} A ${q.a.toFixed(3)} B ${q.b.toFixed(3)}`).join("; ")}`}
        className="max-w-3xl space-y-1"
        data-testid="differences-chart"
      >
        {shown.map((q) => (
          <div
            key={q.question}
            className="grid grid-cols-[minmax(0,6rem)_1fr] items-center gap-2 text-xs sm:grid-cols-[minmax(0,10rem)_1fr]"
          >
            <span className="truncate font-mono" title={q.question}>
              {q.question}
            </span>
            <span className="relative border-x border-stone-200 bg-[linear-gradient(to_right,transparent_calc(50%-0.5px),#a8a29e_calc(50%-0.5px),#a8a29e_calc(50%+0.5px),transparent_calc(50%+0.5px))]">
              {bar(q.a, "bg-stone-700")}
              {bar(q.b, "bg-sky-400")}
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
