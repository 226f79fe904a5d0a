import Link from "next/link";
import type { MyAdjudication } from "@/lib/schemas/adjudication";
import { ProgressBar } from "@/components/ui/progress-bar";

/** The campaigns the user was named to adjudicate, with where each queue stands. */
export function MyAdjudicationList({ campaigns }: { campaigns: MyAdjudication[] }) {
  return (
    <ul className="space-y-3" aria-label="Campaigns you adjudicate">
      {campaigns.map((c) => (
        <li key={c.id} className="rounded-lg border border-stone-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <Link href={`/adjudicate/${c.id}`} className="font-medium text-sky-800 hover:underline">
              {c.name}
            </Link>
            <span className="text-sm text-stone-500">{c.studyName}</span>
          </div>
          <ProgressBar
            className="mt-3"
            value={c.counts.decided}
            max={c.counts.queued}
            label={`${c.name} adjudication progress`}
          />
          <p className="mt-1 text-xs tabular-nums text-stone-500">
            {c.counts.decided} of {c.counts.queued} decided · {c.counts.waiting} items waiting for their annotators
          </p>
        </li>
      ))}
    </ul>
  );
}
