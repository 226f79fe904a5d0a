"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { nuggetApi } from "@/lib/client/nugget-api";
import { Button } from "@/components/ui/button";
import { ClientForm } from "@/components/ui/client-form";
import { Field, TextInput } from "@/components/ui/field";
import { count } from "@/components/ui/wording";

/**
 * Saves the campaign's reviewed lists as a new nugget set: each question's nuggets without those
 * most reviews mark hallucinated or redundant, with the missing ones the reviewers wrote out.
 */
export function SaveReviewedSet({
  studyId,
  campaign,
}: {
  studyId: number;
  campaign: { id: number; name: string; nuggetSet: string | null };
}) {
  const [name, setName] = useState(`${campaign.nuggetSet ?? "nuggets"}, reviewed`);
  const save = useMutation({ mutationFn: () => nuggetApi.saveReviewedSet(studyId, { name, campaign: campaign.id }) });
  return (
    <section aria-labelledby="reviewed-set-heading">
      <h2 id="reviewed-set-heading" className="mb-2 text-lg font-semibold">
        The reviewed lists as a nugget set
      </h2>
      <p className="mb-2 text-sm text-stone-600">
        Each question&apos;s list without the nuggets most of its reviews mark hallucinated (A) or minor or redundant
        (B), with the missing nuggets the reviewers wrote out after them, saved as a new nugget set: Impact, campaigns
        and LLM runs can then use the reviewed list.
      </p>
      {save.data ? (
        <p role="status" className="text-sm text-emerald-700" data-testid="reviewed-set-saved">
          Saved {save.data.name}: {count(save.data.questions, "question")}, {count(save.data.kept, "nugget")} kept and{" "}
          {count(save.data.added, "nugget")} added.{" "}
          <Link className="text-sky-700 hover:underline" href={`/studies/${studyId}/impact`}>
            Score the runs with it
          </Link>
          .
        </p>
      ) : (
        <ClientForm
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Field label="Name of the new set">
            <TextInput compact value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save the reviewed set"}
          </Button>
          {save.error && (
            <span role="alert" className="text-sm text-red-700">
              {save.error.message}
            </span>
          )}
        </ClientForm>
      )}
    </section>
  );
}
