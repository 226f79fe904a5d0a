import Link from "next/link";
import type { NeedStep, ReportNeeds } from "@/lib/domain/report-needs";

const PATHS: Record<NeedStep["to"], string> = {
  import: "import-export",
  judging: "judging",
  campaign: "campaigns/new",
};

/** What the report needs that the study lacks, and links to where to get it (report-needs.ts). */
export function ReportNeedsNote({ studyId, needs }: { studyId: number; needs: ReportNeeds }) {
  return (
    <div
      role="note"
      data-testid="report-needs"
      className="mt-6 space-y-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      <p>{needs.missing}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {needs.steps.map((step) => (
          <li key={step.what}>
            <Link className="text-sky-800 underline hover:no-underline" href={`/studies/${studyId}/${PATHS[step.to]}`}>
              {step.what[0]!.toUpperCase() + step.what.slice(1)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
