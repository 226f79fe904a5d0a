import type { AgreementReport } from "@/lib/schemas/reports";

/** Counts in every cell, shaded by share of the largest cell: readable without the colour. */
export function ConfusionHeatmap({ report }: { report: AgreementReport }) {
  const max = Math.max(1, ...report.confusion.flat());
  return (
    <section aria-labelledby="confusion-heading">
      <h3 id="confusion-heading" className="mb-2 font-semibold">Confusion matrix</h3>
      <table className="text-sm" aria-label="Confusion matrix" data-testid="confusion-matrix">
        <thead>
          <tr>
            <th className="p-1 text-left text-xs font-normal text-stone-500">{report.sources.a} ↓ · {report.sources.b} →</th>
            {report.categories.map((c) => <th key={c} scope="col" className="p-1 text-xs font-medium">{c}</th>)}
          </tr>
        </thead>
        <tbody>
          {report.confusion.map((row, i) => (
            <tr key={report.categories[i]}>
              <th scope="row" className="p-1 text-left text-xs font-medium">{report.categories[i]}</th>
              {row.map((count, j) => {
                const strength = count / max;
                return (
                  <td key={j} className={`h-12 w-20 border border-white text-center font-mono tabular-nums ${i === j ? "font-semibold" : ""} ${strength > 0.55 ? "text-white" : "text-stone-900"}`}
                    style={{ backgroundColor: `rgba(4, 120, 87, ${0.08 + strength * 0.85})` }}>
                    {count.toLocaleString("en")}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-stone-500">Diagonal cells (bold) are agreements.</p>
    </section>
  );
}
