"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { peopleApi } from "@/lib/client/people-api";
import { PASSAGE_DISPLAY_LABELS, passageDisplaySchema, type PassageDisplay } from "@/lib/domain/passages/passage-kind";
import { Alert } from "@/components/ui/alert";
import { Select } from "@/components/ui/field";

/** How the study's passages are shown to annotators and in the explorer: saved as soon as it is chosen. */
export function PassageDisplayForm({ studyId, initial }: { studyId: number; initial: PassageDisplay }) {
  const router = useRouter();
  const [display, setDisplay] = useState(initial);
  const save = useMutation({
    mutationFn: (next: PassageDisplay) => peopleApi.updateStudySettings(studyId, { passageDisplay: next }),
    onSuccess: () => router.refresh(),
  });
  return (
    <div className="max-w-xl">
      <label className="block text-sm font-medium" htmlFor="passage-display">
        Show passages
      </label>
      <Select
        id="passage-display"
        className="mt-1"
        value={display}
        disabled={save.isPending}
        onChange={(e) => {
          const next = passageDisplaySchema.parse(e.target.value);
          setDisplay(next);
          save.mutate(next);
        }}
      >
        {passageDisplaySchema.options.map((value) => (
          <option key={value} value={value}>
            {PASSAGE_DISPLAY_LABELS[value]}
          </option>
        ))}
      </Select>
      <p className="mt-1 text-xs text-stone-500" role="status">
        {save.isPending ? "Saving…" : save.isSuccess ? "Saved: annotators see it on their next item." : ""}
      </p>
      {save.error && <Alert label="Passage display error">{save.error.message}</Alert>}
    </div>
  );
}
