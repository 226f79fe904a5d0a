import Link from "next/link";
import type { StudySummary } from "@/lib/schemas/studies";
import { count } from "@/components/ui/wording";

export function StudyList({ studies }: { studies: StudySummary[] }) {
  if (studies.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-sm text-stone-600">
        No studies yet. Create one, then import a benchmark on its Import and export page.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Studies">
      {studies.map((s) => (
        <li key={s.id}>
          <Link
            href={`/studies/${s.id}`}
            className="block rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-stone-400"
          >
            <span className="font-medium">{s.name}</span>
            <span className="mt-1 line-clamp-2 block text-sm text-stone-600">{s.description}</span>
            <span className="mt-3 block text-xs text-stone-500">
              {count(s.counts.queries, "question")} · {count(s.counts.documents, "chunk")} ·{" "}
              {count(s.counts.campaigns, "campaign")} · {count(s.counts.members, "member")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
