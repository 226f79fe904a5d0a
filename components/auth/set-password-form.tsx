"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { peopleApi } from "@/lib/client/people-api";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";

/**
 * Sets the password through a one-time link, then points to sign-in: the invitation's words
 * ("Choose a password for ...") give way to "Your password is set" once it is.
 */
export function SetPasswordForm({
  token,
  purpose,
  email,
}: {
  token: string;
  purpose: "invite" | "reset";
  email: string;
}) {
  const [mismatch, setMismatch] = useState(false);
  const save = useMutation({ mutationFn: (password: string) => peopleApi.redeemPasswordLink(token, password) });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    setMismatch(password !== String(form.get("again") ?? ""));
    if (password === String(form.get("again") ?? "")) save.mutate(password);
  }
  if (save.data) {
    return (
      <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        Your password is set.{" "}
        <Link href="/signin" className="font-medium underline">
          Sign in
        </Link>{" "}
        as {save.data.email}.
      </p>
    );
  }
  return (
    <>
      <p className="mb-8 mt-1 text-sm text-stone-600">
        {purpose === "invite" ? "Welcome! Choose a password for" : "Choose a new password for"} <strong>{email}</strong>
        .
      </p>
      <form method="post" onSubmit={onSubmit} className="space-y-4" aria-label="Set your password">
        <label className="block text-sm font-medium">
          New password <span className="font-normal text-stone-500">(at least 8 characters)</span>
          <TextInput
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            autoFocus
            disabled={save.isPending}
            className="mt-1"
          />
        </label>
        <label className="block text-sm font-medium">
          The same again
          <TextInput
            name="again"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            disabled={save.isPending}
            className="mt-1"
          />
        </label>
        {(mismatch || save.error) && (
          <Alert label="Password error">{mismatch ? "The two passwords differ." : save.error?.message}</Alert>
        )}
        <Button type="submit" disabled={save.isPending} className="w-full">
          {save.isPending ? "Saving…" : "Set password"}
        </Button>
      </form>
    </>
  );
}
