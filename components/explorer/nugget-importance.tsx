"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { NuggetImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import { nuggetApi } from "@/lib/client/nugget-api";
import { Select } from "@/components/ui/field";

type Nugget = { id: string; title: string; text: string; importance: NuggetImportance | null };

/**
 * A question's nuggets, each with its TREC RAG importance (vital, okay or not graded), which the
 * researcher changes here; a change is saved at once and raises the question's nugget list version.
 */
export function NuggetList({ studyId, nuggets }: { studyId: number; nuggets: readonly Nugget[] }) {
  return (
    <ol className="space-y-1 text-sm" aria-label="Nuggets">
      {nuggets.map((n) => (
        <li key={n.id} className="flex flex-wrap items-baseline gap-2">
          <span className="font-mono text-xs text-stone-500">{n.title}</span>
          <span className="min-w-0 flex-1 break-words">{n.text}</span>
          <ImportanceSelect studyId={studyId} nugget={n} />
        </li>
      ))}
    </ol>
  );
}

function ImportanceSelect({ studyId, nugget }: { studyId: number; nugget: Nugget }) {
  const router = useRouter();
  const change = useMutation({
    mutationFn: (importance: NuggetImportance | null) =>
      nuggetApi.setImportance(studyId, { nugget: nugget.id, importance }),
    onSuccess: () => router.refresh(),
  });
  // the choice just sent stays shown until the refreshed page brings it back as the stored one
  const value = change.isPending || change.isSuccess ? (change.variables ?? "") : (nugget.importance ?? "");
  return (
    <span className="inline-flex items-baseline gap-1">
      <Select
        compact
        fit
        aria-label={`Importance of ${nugget.title}`}
        value={value}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.target.value === "" ? null : (e.target.value as NuggetImportance))}
      >
        <option value="">not graded</option>
        <option value="vital">vital</option>
        <option value="okay">okay</option>
      </Select>
      {change.error && (
        <span role="alert" className="text-xs text-red-700">
          {change.error.message}
        </span>
      )}
    </span>
  );
}
