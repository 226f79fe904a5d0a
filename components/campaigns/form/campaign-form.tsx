"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import { campaignApi } from "@/lib/client/campaign-api";
import { Button } from "@/components/ui/button";
import { Field, TextArea } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";
import { SamplePreviewView } from "../sample-preview";
import {
  campaignDraft,
  initialCampaignFields,
  type CampaignFields,
  type CampaignFormOptions,
  type FollowUp,
  type RandomPairsStart,
} from "./campaign-fields";
import { TaskFields } from "./task-fields";
import { JudgingFields } from "./judging-fields";
import { SampleFields } from "./sample-fields";
import { GoldFields } from "./gold-fields";
import { AnnotatorFields } from "./annotator-fields";
import { ClientForm } from "@/components/ui/client-form";

export type { CampaignFormOptions, FollowUp, RandomPairsStart } from "./campaign-fields";

/**
 * A researcher's form for a campaign of any task: preview the seeded sample, then create. With
 * `followUp`, the sample starts as the chosen pairs. Tasks on whole questions or requests are blind
 * (there is no LLM label to reveal), so they have no scale, protocol or LLM judge to choose; a
 * preference campaign chooses its systems and criteria instead. The campaign is created only from
 * the draft that was previewed.
 */
export function CampaignForm({
  options,
  followUp,
  randomPairs,
}: {
  options: CampaignFormOptions;
  followUp?: FollowUp;
  randomPairs?: RandomPairsStart;
}) {
  const router = useRouter();
  const [fields, setFields] = useState(() => initialCampaignFields(options, followUp, randomPairs));
  const set = (patch: Partial<CampaignFields>) => setFields((f) => ({ ...f, ...patch }));
  const draft = campaignDraft(fields, followUp);
  const current = JSON.stringify(draft);
  const [previewed, setPreviewed] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: () => campaignApi.preview(options.study.id, draft),
    onSuccess: () => setPreviewed(current),
  });
  const create = useMutation({
    mutationFn: () => campaignApi.create(options.study.id, draft),
    onSuccess: (created) => router.push(`/studies/${options.study.id}/campaigns/${created.id}`),
  });
  const pending = preview.isPending || create.isPending;
  const error = create.error ?? preview.error;
  const upToDate = previewed === current;

  return (
    <ClientForm
      className="grid max-w-5xl gap-8 lg:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        preview.mutate();
      }}
    >
      <fieldset disabled={pending} className="space-y-4">
        <TaskFields fields={fields} set={set} options={options} pairTasksOnly={followUp !== undefined} />
        {["pair", "answer", "citation"].includes(TASK_TYPES[fields.taskType].unit) && (
          <JudgingFields
            fields={fields}
            set={set}
            llmJudges={options.llmJudges}
            pair={TASK_TYPES[fields.taskType].unit === "pair"}
          />
        )}
        <Field label="Guidelines (Markdown)">
          <TextArea compact rows={4} value={fields.guidelines} onChange={(e) => set({ guidelines: e.target.value })} />
        </Field>
      </fieldset>
      <fieldset disabled={pending} className="space-y-4">
        <SampleFields fields={fields} set={set} followUp={followUp} />
        {TASK_TYPES[fields.taskType].unit === "pair" && (
          <GoldFields fields={fields} set={set} referenceSets={options.referenceSets} />
        )}
        <AnnotatorFields fields={fields} set={set} options={options} />
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            {preview.isPending ? "Drawing…" : "Preview sample"}
          </Button>
          <Button type="button" disabled={!preview.data || !upToDate || pending} onClick={() => create.mutate()}>
            {create.isPending ? "Creating…" : "Create and start"}
          </Button>
        </div>
        {error && (
          <Alert label="Campaign error" inline>
            {error.message}
          </Alert>
        )}
        {preview.data && !preview.isPending && upToDate && <SamplePreviewView preview={preview.data} />}
        {preview.data && !upToDate && (
          <p className="text-sm text-stone-500">The form changed since the preview: preview again before creating.</p>
        )}
      </fieldset>
    </ClientForm>
  );
}
