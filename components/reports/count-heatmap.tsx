import { ScrollX } from "@/components/ui/scroll-x";

/**
 * How dark the largest cell is (the green's opacity above the lightest cell's): dark text keeps a
 * contrast of 5.9:1 or more on every shade (WCAG AA asks 4.5:1). Darker shades would need white
 * text, and between the two lies a band where neither reaches 4.5:1.
 */
const MAX_SHADE = 0.6;

/**
 * A square table of counts (a confusion or coincidence matrix) with every number written in its
 * cell and shaded by its share of the largest cell: readable without the colour.
 */
export function CountHeatmap({
  title,
  testId,
  matrix,
  categories,
  corner,
  note,
}: {
  title: string;
  testId: string;
  matrix: number[][];
  categories: string[];
  corner: string;
  note: string;
}) {
  const max = Math.max(1, ...matrix.flat());
  const headingId = `${testId}-heading`;
  const format = (n: number) =>
    Number.isInteger(n) ? n.toLocaleString("en") : n.toLocaleString("en", { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-semibold">
        {title}
      </h3>
      <ScrollX>
        <table className="text-sm" aria-label={title} data-testid={testId}>
          <thead>
            <tr>
              <th className="p-1 text-left text-xs font-normal text-stone-500">{corner}</th>
              {categories.map((c) => (
                <th key={c} scope="col" className="p-1 text-xs font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.map((row, i) => (
              <tr key={categories[i]}>
                <th scope="row" className="p-1 text-left text-xs font-medium">
                  {categories[i]}
                </th>
                {row.map((count, j) => {
                  const strength = count / max;
                  return (
                    <td
                      key={j}
                      className={`h-12 w-20 border border-white text-center font-mono text-stone-900 tabular-nums ${i === j ? "font-semibold" : ""}`}
                      style={{ backgroundColor: `rgba(4, 120, 87, ${0.08 + strength * MAX_SHADE})` }}
                    >
                      {format(count)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      <p className="mt-1 text-xs text-stone-500">{note}</p>
    </section>
  );
}
