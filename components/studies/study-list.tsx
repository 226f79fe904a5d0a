import Link from "next/link";
import type { StudySummary } from "@/lib/schemas/studies";

export function StudyList({ studies }: { studies: StudySummary[] }) {
  if (studies.length === 0) {
    return <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-sm text-stone-600">No studies yet. Import a benchmark with the CLI to create one.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Studies">
      {studies.map((s) => (
        <li key={s.id}>
          <Link href={`/studies/${s.id}`} className="block rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-stone-400">
            <span className="font-medium">{s.name}</span>
            <span className="mt-1 line-clamp-2 block text-sm text-stone-600">{s.description}</span>
            <span className="mt-3 block text-xs text-stone-500">
              {s.counts.queries} questions · {s.counts.documents} chunks · {s.counts.campaigns} campaigns · {s.counts.members} members
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
