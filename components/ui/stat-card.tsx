/** One figure with its name, for a <dl> of figures (a div groups each name with its value, as HTML allows). */
export function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</dt>
      <dd
        className="mt-1 text-2xl font-semibold tabular-nums"
        data-testid={`stat-${label.toLowerCase().replaceAll(" ", "-")}`}
      >
        {value.toLocaleString("en")}
      </dd>
    </div>
  );
}
