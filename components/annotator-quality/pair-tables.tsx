import type { AnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { fixed, interval, percent } from "@/components/reports/format";
import { ScrollX } from "@/components/ui/scroll-x";
import { levelLabel } from "./level-label";

/** Cohen's kappa between each pair of annotators on the items both labelled, as a matrix. */
export function PairKappaTable({ report }: { report: AnnotatorQualityReport }) {
  const names = report.annotators.map((a) => a.annotator);
  if (names.length < 2) return null;
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
      <ScrollX>
        <table className="text-sm tabular-nums" aria-label="Cohen's kappa between annotators">
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left font-medium text-stone-500">
                Annotator
              </th>
              {names.map((n) => (
                <th key={n} scope="col" className="px-2 text-right font-medium text-stone-500">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {names.map((a) => (
              <tr key={a} className="border-t border-stone-200">
                <th scope="row" className="pr-4 text-left font-normal">
                  {a}
                </th>
                {names.map((b) => {
                  const p = a === b ? null : pair(a, b);
                  return (
                    <td key={b} className="px-2 text-right" title={p?.kappa.reason ?? p?.kappa.withheld}>
                      {p ? `${fixed(p.kappa.value)} ${interval(p.kappa.low, p.kappa.high)} (${p.items})` : "—"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
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
              <ScrollX key={a.annotator}>
                <table className="text-sm tabular-nums" aria-label={`Dawid-Skene confusion of ${a.annotator}`}>
                  <caption className="mb-1 text-left text-stone-700">{a.annotator}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="pr-3 text-left font-medium text-stone-500">
                        True \ given
                      </th>
                      {levels.map((l) => (
                        <th key={l.value} scope="col" className="px-2 text-right font-medium text-stone-500">
                          {l.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {levels
                      .filter((t) => a.confusion![t.value])
                      .map((t) => (
                        <tr key={t.value} className="border-t border-stone-200">
                          <th scope="row" className="pr-3 text-left font-normal">
                            {levelLabel(report, t.value)}
                          </th>
                          {levels.map((g) => {
                            const p = a.confusion![t.value]?.[g.value];
                            return (
                              <td key={g.value} className="px-2 text-right">
                                {p === undefined ? "—" : percent(p)}
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                  </tbody>
                </table>
              </ScrollX>
            ))}
        </div>
      )}
    </section>
  );
}
