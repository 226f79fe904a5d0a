"use client";

import Link from "next/link";
import { PROTOCOL_LABELS } from "@/lib/domain/campaigns/protocol";
import { taskTypeLabel } from "@/lib/domain/task-types/registry";
import type { MyCampaign } from "@/lib/schemas/campaigns";
import { useMyCampaigns } from "@/lib/client/use-my-campaigns";
import { ProgressBar } from "@/components/ui/progress-bar";

export function MyCampaignList({ initial }: { initial: MyCampaign[] }) {
  const { data: campaigns, error } = useMyCampaigns(initial);
  if (error) return <p className="text-sm text-red-700">Could not refresh your campaigns: {error.message}</p>;
  if (campaigns.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-sm text-stone-600">
        No campaigns are assigned to you yet.
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Assigned campaigns">
      {campaigns.map((c) => (
        <li key={c.id} className="rounded-lg border border-stone-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <Link href={`/annotate/${c.id}`} className="font-medium text-sky-800 hover:underline">
              {c.name}
            </Link>
            <span className="text-sm text-stone-500">{c.studyName}</span>
          </div>
          <p className="mt-1 text-xs text-stone-600">
            {taskTypeLabel(c.taskType)} · {PROTOCOL_LABELS[c.protocol]}
          </p>
          <ProgressBar
            className="mt-3"
            value={c.progress.submitted}
            max={c.progress.target}
            label={`${c.name} progress`}
          />
          <p className="mt-1 text-xs tabular-nums text-stone-500">
            {c.progress.submitted} of {c.progress.target} items done
          </p>
        </li>
      ))}
    </ul>
  );
}
