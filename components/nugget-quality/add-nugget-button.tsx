"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { nuggetApi } from "@/lib/client/nugget-api";
import { Button } from "@/components/ui/button";

/** Adds a missing nugget an expert wrote out to its question's list in a nugget set, then refreshes the report. */
export function AddNuggetButton({
  studyId,
  question,
  text,
  nuggetSet,
}: {
  studyId: number;
  question: string;
  text: string;
  nuggetSet: string | null;
}) {
  const router = useRouter();
  const add = useMutation({
    mutationFn: () => nuggetApi.add(studyId, { question, text, ...(nuggetSet ? { nuggetSet } : {}) }),
    onSuccess: () => router.refresh(),
  });
  if (add.data)
    return (
      <span className="text-xs text-emerald-700">
        {add.data.added ? `Added as ${add.data.id}` : `Already nugget ${add.data.id}`}
      </span>
    );
  return (
    <>
      <Button variant="secondary" size="sm" type="button" disabled={add.isPending} onClick={() => add.mutate()}>
        {add.isPending ? "Adding…" : "Add to the question's nuggets"}
      </Button>
      {add.error && (
        <span role="alert" className="text-xs text-red-700">
          {add.error.message}
        </span>
      )}
    </>
  );
}
