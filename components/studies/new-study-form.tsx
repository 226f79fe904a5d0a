"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { peopleApi } from "@/lib/client/people-api";
import { Button } from "@/components/ui/button";
import { TextArea, TextInput } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";

/** Creates an empty study (its creator becomes its researcher) and opens it. */
export function NewStudyForm() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const create = useMutation({
    mutationFn: peopleApi.createStudy,
    onSuccess: (study) => router.push(`/studies/${study.id}`),
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({ name: String(form.get("name") ?? ""), description: String(form.get("description") ?? "") });
  }
  if (!open)
    return (
      <Button type="button" onClick={() => setOpen(true)}>
        New study
      </Button>
    );
  return (
    <form
      onSubmit={onSubmit}
      aria-label="New study"
      className="max-w-xl space-y-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <label className="block text-sm font-medium">
        Name
        <TextInput name="name" required maxLength={120} autoFocus disabled={create.isPending} className="mt-1" />
      </label>
      <label className="block text-sm font-medium">
        Description <span className="font-normal text-stone-500">(optional)</span>
        <TextArea name="description" rows={2} maxLength={5000} disabled={create.isPending} className="mt-1" />
      </label>
      <FormActions
        submit="Create study"
        pending={create.isPending}
        error={create.error}
        errorLabel="New study error"
        onCancel={() => setOpen(false)}
      />
    </form>
  );
}
