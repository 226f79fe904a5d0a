"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { FormEvent } from "react";
import { campaignApi } from "@/lib/client/campaign-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdjudicationChange } from "@/lib/schemas/campaign-admin";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field, Select } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";

type Member = { id: number; name: string; email: string; role: string };
type PanelProps = { campaign: CampaignProgress; members: Member[]; llmJudges: string[] };

/**
 * A campaign's adjudication on its page (docs/DOMAIN.md, "Adjudication"): where the queue stands,
 * the way to it, and its settings: who adjudicates besides the researchers (a member who does not
 * annotate the campaign), every item through the queue, the annotators' names shown, and the LLM's
 * label shown, which may be allowed only once the annotators are done.
 */
export function AdjudicationPanel({ campaign, members, llmJudges }: PanelProps) {
  const a = campaign.adjudication;
  if (!a) return null;
  const { counts } = a;
  return (
    <section aria-label="Adjudication" className="mt-8 max-w-3xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Adjudication</h2>
        <Link href={`/adjudicate/${campaign.id}`} className={buttonClass("secondary")}>
          Open the adjudication queue
        </Link>
      </div>
      <ProgressBar className="mt-3 max-w-xl" value={counts.decided} max={counts.queued} label="Adjudication progress" />
      <p className="mt-1 text-xs tabular-nums text-stone-600" data-testid="adjudication-progress">
        {counts.decided} of {counts.queued} decided · {counts.disagreements} disagreements · {counts.agreed} agreed ·{" "}
        {counts.waiting} waiting for their annotators. The label set “Adjudicated labels of {campaign.name}” holds the
        agreed items and the decisions{counts.undecided > 0 ? ` (${counts.undecided} undecided left out)` : ""}.
      </p>
      <AdjudicationSettings campaign={campaign} members={members} llmJudges={llmJudges} />
    </section>
  );
}

/** The campaign's adjudication settings, saved together (change-adjudication.ts checks them). */
function AdjudicationSettings({ campaign, members, llmJudges }: PanelProps) {
  const qc = useQueryClient();
  const update = useMutation({
    mutationFn: (adjudication: AdjudicationChange) => campaignApi.update(campaign.id, { adjudication }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.campaigns.progress(campaign.id) }),
  });
  const a = campaign.adjudication!;
  const annotating = new Set(campaign.annotators.map((x) => x.userId));
  const candidates = members.filter((m) => !annotating.has(m.id));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const adjudicator = String(form.get("adjudicator") ?? "");
    const llm = String(form.get("llm") ?? "");
    update.mutate({
      adjudicatorId: adjudicator === "" ? null : Number(adjudicator),
      every: form.get("every") === "on",
      showNames: form.get("showNames") === "on",
      // the LLM menu is disabled until the annotators are done: then it sends nothing, and none is shown
      llmJudge: llm === "" ? null : llm,
    });
  }
  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-label="Adjudication settings"
      className="mt-3 space-y-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <Field
        label="Adjudicator"
        hint="The study's researchers always may. A member named here reaches this queue only, and not while they annotate a campaign of the study still running; this campaign's annotators cannot be named."
      >
        <Select compact name="adjudicator" defaultValue={a.settings.adjudicator?.id ?? ""} disabled={update.isPending}>
          <option value="">The researchers only</option>
          {candidates.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name || m.email} ({m.email}, {m.role})
            </option>
          ))}
        </Select>
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="every" defaultChecked={a.settings.every} disabled={update.isPending} />
        Every labelled item goes through the queue, the agreed ones too
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="showNames" defaultChecked={a.settings.showNames} disabled={update.isPending} />
        Show the annotators’ names to the adjudicator (else “Annotator 1”, “Annotator 2”)
      </label>
      <LlmShown current={a.settings.llm} done={a.annotatorsDone} judges={llmJudges} busy={update.isPending} />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving…" : "Save adjudication settings"}
      </Button>
      {update.error && (
        <Alert label="Adjudication error" inline>
          {update.error.message}
        </Alert>
      )}
    </ClientForm>
  );
}

/** Which LLM's label the adjudicator sees: none, or one chosen once the annotators are done. */
function LlmShown(p: { current: string | null; done: boolean; judges: string[]; busy: boolean }) {
  return (
    <Field
      label="The LLM’s label shown to the adjudicator"
      hint={
        p.done
          ? "The annotators are done: the adjudicator may now see an LLM's label beside theirs."
          : "Allowed once every item is complete or the campaign is closed, so the LLM cannot sway the annotators' reference."
      }
    >
      <Select compact name="llm" defaultValue={p.current ?? ""} disabled={p.busy || !p.done}>
        <option value="">None</option>
        {p.judges.map((j) => (
          <option key={j} value={j}>
            {j}
          </option>
        ))}
      </Select>
    </Field>
  );
}
