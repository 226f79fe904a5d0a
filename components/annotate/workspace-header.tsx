import Link from "next/link";
import type { QueueState } from "@/lib/client/save-queue";
import type { Workspace } from "@/lib/schemas/campaigns";
import { ProgressBar } from "@/components/ui/progress-bar";
import { SaveStatus } from "./save-status";

/** The campaign's name, my progress and the campaign's, the keys' help, the save status and the guidelines. */
export function WorkspaceHeader({
  workspace,
  guidelinesHtml,
  saves,
  onHelp,
  onDismissRefused,
}: {
  workspace: Workspace;
  guidelinesHtml: string;
  saves: QueueState;
  onHelp: () => void;
  onDismissRefused: () => void;
}) {
  const { progress } = workspace;
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link href="/annotate" className="text-sm text-stone-600 hover:underline">
            ← My campaigns
          </Link>
          <h1 className="text-xl font-semibold tracking-tight">{workspace.campaign.name}</h1>
          <p className="text-xs text-stone-600">
            {progress.mine} labelled by me · campaign {progress.campaignSubmitted} of {progress.campaignTarget} ·{" "}
            <button type="button" onClick={onHelp} className="underline">
              keys (?)
            </button>
          </p>
          <ProgressBar
            className="mt-2 w-64"
            value={progress.campaignSubmitted}
            max={progress.campaignTarget}
            label="Campaign progress"
          />
        </div>
        <SaveStatus state={saves} onDismiss={onDismissRefused} />
      </header>
      <details className="rounded-md border border-stone-200 bg-white px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">Guidelines</summary>
        <div className="markdown mt-2" dangerouslySetInnerHTML={{ __html: guidelinesHtml }} />
      </details>
    </>
  );
}

/** What shows when no item does: the campaign is done for me, paused or closed. */
export function NothingLeft({ status }: { status: Workspace["campaign"]["status"] }) {
  return (
    <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-sm text-stone-600">
      {status === "paused"
        ? "The campaign is paused by its researcher: no new items for now. Use ← to review your labels."
        : status === "closed"
          ? "The campaign is closed. Thank you!"
          : "Nothing is left for you in this campaign. Thank you! Use ← to review your labels."}
    </p>
  );
}
