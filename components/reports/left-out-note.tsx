/** What the compared label sets leave out (an adjudicated set's undecided targets, a majority's ties), one line each. */
export function LeftOutNote({ leftOut }: { leftOut: readonly string[] }) {
  if (leftOut.length === 0) return null;
  return (
    <div
      role="note"
      data-testid="left-out"
      className="rounded-md border border-amber-200 bg-amber-50 py-2 pr-3 pl-7 text-sm text-amber-900"
    >
      <ul className="list-disc">
        {leftOut.map((line) => (
          <li key={line}>{line}: none of the figures below count them.</li>
        ))}
      </ul>
    </div>
  );
}
