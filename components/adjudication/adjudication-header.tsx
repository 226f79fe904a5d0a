import { taskTypeLabel } from "@/lib/domain/task-types/registry";
import type { AdjudicationQueue } from "@/lib/schemas/adjudication";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { ProgressBar } from "@/components/ui/progress-bar";

/** The adjudicator's page top: the campaign, where the queue stands, the guidelines, and the keys. */
export function AdjudicationHeader({
  queue: { campaign, counts },
  onHelp,
}: {
  queue: AdjudicationQueue;
  onHelp: () => void;
}) {
  return (
    <>
      <PageHeader
        title={`Adjudicate: ${campaign.name}`}
        description={`${campaign.studyName} · ${taskTypeLabel(campaign.taskType)} · the annotators never see this page`}
        actions={
          <Button type="button" variant="ghost" onClick={onHelp}>
            Keys <kbd className="ml-1 font-mono text-xs">?</kbd>
          </Button>
        }
      />
      <div>
        <ProgressBar className="max-w-xl" value={counts.decided} max={counts.queued} label="Adjudication progress" />
        <p className="mt-1 text-xs tabular-nums text-stone-600" data-testid="adjudication-counts">
          {counts.decided} of {counts.queued} decided · {counts.disagreements} disagreements · {counts.agreed} agreed
          {campaign.every ? " (in the queue too)" : " (final)"} · {counts.waiting} waiting for their annotators
        </p>
      </div>
      {campaign.guidelinesHtml && (
        <details className="text-sm">
          <summary className="cursor-pointer text-stone-600">Guidelines</summary>
          <div className="markdown mt-2" dangerouslySetInnerHTML={{ __html: campaign.guidelinesHtml }} />
        </details>
      )}
    </>
  );
}
