import type { AnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { fixed, interval, percent } from "@/components/reports/format";
import { MatrixTable } from "@/components/reports/matrix-table";
import { levelLabel } from "./level-label";

/** Cohen's kappa between each pair of annotators on the items both labelled, as a matrix. */
export function PairKappaTable({ report }: { report: AnnotatorQualityReport }) {
  const names = report.annotators.map((a) => a.annotator);
  if (names.length < 2) return null;
  const axis = names.map((n) => ({ key: n, header: n }));
  const pair = (a: string, b: string) => report.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  return (
    <section aria-labelledby="pairs-heading">
      <h3 id="pairs-heading" className="mb-2 font-semibold">
        Cohen&apos;s κ between annotators
      </h3>
      <p className="mb-2 text-sm text-stone-600" data-testid="pair-kappa-counted">
        On the sampled items both labelled, gold items out (their figures are above), as the Agreement page counts them;
        the number of items in brackets.
      </p>
      <MatrixTable
        label="Cohen's kappa between annotators"
        corner="Annotator"
        rows={axis}
        columns={axis}
        cell={(a, b) => {
          const p = a === b ? null : pair(a, b);
          return {
            text: p ? `${fixed(p.kappa.value)} ${interval(p.kappa.low, p.kappa.high)} (${p.items})` : "—",
            title: p?.kappa.reason ?? p?.kappa.withheld,
          };
        }}
      />
    </section>
  );
}

/** Each annotator's confusion as Dawid and Skene estimate it: for each true level, the share of each level they gave. */
export function ConfusionTables({ report }: { report: AnnotatorQualityReport }) {
  const levels = report.scale.levels;
  return (
    <section aria-labelledby="confusion-heading">
      <h3 id="confusion-heading" className="mb-2 font-semibold">
        Dawid-Skene confusion (true level, then the level given)
      </h3>
      {report.dawidSkene.reason ? (
        <p className="text-sm text-stone-600">{report.dawidSkene.reason}.</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {report.annotators
            .filter((a) => a.confusion)
            .map((a) => (
              <MatrixTable
                key={a.annotator}
                label={`Dawid-Skene confusion of ${a.annotator}`}
                caption={a.annotator}
                corner="True \ given"
                rows={levels
                  .filter((t) => a.confusion![t.value])
                  .map((t) => ({ key: t.value, header: levelLabel(report, t.value) }))}
                columns={levels.map((l) => ({ key: l.value, header: l.label }))}
                cell={(t, g) => {
                  const p = a.confusion![t]?.[g];
                  return { text: p === undefined ? "—" : percent(p) };
                }}
              />
            ))}
        </div>
      )}
    </section>
  );
}
