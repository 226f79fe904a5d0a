"use client";

import { useQuery } from "@tanstack/react-query";
import { judgingApi } from "@/lib/client/judging-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { JudgeRunDto } from "@/lib/schemas/judging";
import { ReplyText } from "./reply-text";

/**
 * The calls of a run that gave no label: the reply that did not parse (in full), or why there was
 * none; and a nuggetizer call some of whose windows got no reply (done, its error says how many).
 */
export function RunProblems({ studyId, run }: { studyId: number; run: JudgeRunDto }) {
  const finishedCalls = run.total - run.calls.pending - run.calls.leased;
  const { data, error } = useQuery({
    queryKey: [...queryKeys.judging.run(studyId, run.id), finishedCalls],
    queryFn: () => judgingApi.run(studyId, run.id),
  });
  return (
    <section
      aria-label={`Problems of run ${run.id}`}
      className="mt-4 rounded-lg border border-amber-200 bg-amber-50/50 p-4"
    >
      <h3 className="font-medium">Calls of run #{run.id} that gave no label, or with requests unanswered</h3>
      {error && <p className="text-sm text-red-700">{error.message}</p>}
      {data && data.problems.length === 0 && <p className="mt-2 text-sm text-stone-600">None now.</p>}
      <ul className="mt-2 space-y-3">
        {data?.problems.map((p) => (
          <li key={p.id} className="text-sm" data-testid="run-problem">
            <span className="font-mono text-xs">{p.targetKey}</span> <span className="font-medium">{p.status}</span>
            {p.error && <span className="block text-stone-700">{p.error}</span>}
            {p.reply !== null && <ReplyText reply={p.reply} />}
          </li>
        ))}
      </ul>
      {data && data.problems.length >= 200 && <p className="mt-2 text-xs text-stone-500">The first 200 are shown.</p>}
    </section>
  );
}
