"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { campaignApi } from "@/lib/client/campaign-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CampaignChange } from "@/lib/schemas/campaign-admin";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { TextArea } from "@/components/ui/field";
import { ClientForm } from "@/components/ui/client-form";

type Annotator = { id: number; name: string; email: string };

/** Pause, resume and close a campaign, and edit its guidelines and annotators. */
export function CampaignControls({ campaign, members }: { campaign: CampaignProgress; members: Annotator[] }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const update = useMutation({
    mutationFn: (change: CampaignChange) => campaignApi.update(campaign.id, change),
    onSuccess: async () => {
      setEditing(false);
      await qc.invalidateQueries({ queryKey: queryKeys.campaigns.progress(campaign.id) });
    },
  });
  const closed = campaign.status === "closed";
  return (
    <section aria-label="Campaign controls" className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="campaign-status"
          className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium uppercase tracking-wide text-stone-700"
        >
          {campaign.status}
        </span>
        <StatusButtons
          status={campaign.status}
          pending={update.isPending}
          onStatus={(status) => update.mutate({ status })}
        />
        {!closed && (
          <Button type="button" variant="ghost" disabled={update.isPending} onClick={() => setEditing((e) => !e)}>
            {editing ? "Cancel editing" : "Edit guidelines and annotators"}
          </Button>
        )}
      </div>
      {campaign.status === "paused" && (
        <p className="mt-2 text-sm text-amber-800">
          Paused: annotators get no new items; an item already in hand can still be saved.
        </p>
      )}
      {update.error && (
        <Alert label="Campaign error" inline className="mt-2">
          {update.error.message}
        </Alert>
      )}
      {editing && (
        <EditForm
          campaign={campaign}
          members={members}
          pending={update.isPending}
          onSave={(change) => update.mutate(change)}
        />
      )}
    </section>
  );
}

/** Pause an active campaign, resume a paused one, close either (asked first: a closed campaign stays closed). */
function StatusButtons({
  status,
  pending,
  onStatus,
}: {
  status: CampaignProgress["status"];
  pending: boolean;
  onStatus: (status: "active" | "paused" | "closed") => void;
}) {
  return (
    <>
      {status === "active" && (
        <Button type="button" variant="secondary" disabled={pending} onClick={() => onStatus("paused")}>
          Pause
        </Button>
      )}
      {status === "paused" && (
        <Button type="button" variant="secondary" disabled={pending} onClick={() => onStatus("active")}>
          Resume
        </Button>
      )}
      {status !== "closed" && (
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() =>
            window.confirm(
              "Close the campaign? Annotators can no longer label it, and a closed campaign stays closed.",
            ) && onStatus("closed")
          }
        >
          Close
        </Button>
      )}
    </>
  );
}

function EditForm({
  campaign,
  members,
  pending,
  onSave,
}: {
  campaign: CampaignProgress;
  members: Annotator[];
  pending: boolean;
  onSave: (change: CampaignChange) => void;
}) {
  const current = campaign.annotators.map((a) => a.userId);
  const choices = [
    ...members,
    ...campaign.annotators
      .filter((a) => !members.some((m) => m.id === a.userId))
      .map((a) => ({ id: a.userId, name: a.name, email: a.email })),
  ];
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave({ guidelines: String(form.get("guidelines") ?? ""), annotatorIds: form.getAll("annotator").map(Number) });
  }
  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-label="Edit the campaign"
      className="mt-3 max-w-2xl space-y-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <label className="block text-sm font-medium">
        Guidelines (Markdown)
        <TextArea
          compact
          name="guidelines"
          rows={5}
          defaultValue={campaign.guidelines}
          disabled={pending}
          className="mt-1"
        />
      </label>
      <fieldset>
        <legend className="text-sm font-medium">
          Annotators{" "}
          <span className="font-normal text-stone-500">
            (at least {campaign.overlap}; one taken off keeps their labels, and the items they held go back to the
            others)
          </span>
        </legend>
        {choices.map((a) => (
          <label key={a.id} className="mt-1 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="annotator"
              value={a.id}
              defaultChecked={current.includes(a.id)}
              disabled={pending}
            />
            {a.name} <span className="text-stone-500">{a.email}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Save changes"}
      </Button>
    </ClientForm>
  );
}
