"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { SIGN_IN_BUSY, SIGN_IN_RATE_LIMITED } from "@/lib/schemas/auth";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";

export function SignInForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const waiting = useStillPending(pending, 1500);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (result?.ok && !result.error) {
      router.replace("/");
      router.refresh();
      return;
    }
    setPending(false);
    setError(refusalOf(result?.error));
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      <label className="block text-sm font-medium">
        Email
        <TextInput
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          disabled={pending}
          className="mt-1"
        />
      </label>
      <label className="block text-sm font-medium">
        Password
        <TextInput
          name="password"
          type="password"
          autoComplete="current-password"
          required
          disabled={pending}
          className="mt-1"
        />
      </label>
      {error && (
        <p
          role="alert"
          aria-label="Sign-in error"
          data-testid="signin-error"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      {waiting && (
        <p role="status" data-testid="signin-waiting" className="text-sm text-stone-600">
          Many people are signing in: your turn is kept, this takes a few seconds.
        </p>
      )}
    </form>
  );
}

/** What a refused sign-in says, by next-auth's error. */
function refusalOf(error: string | null | undefined): string {
  if (error === SIGN_IN_RATE_LIMITED)
    return "Too many failed sign-ins from here. Wait a little (each failure doubles the wait) and try again.";
  if (error === SIGN_IN_BUSY)
    return "The server had no turn for you within a minute: many people are signing in. Try again.";
  return "Wrong email or password.";
}

/** True once `pending` has lasted `ms` (a crowd signing in together waits its turn on the server: say so). */
function useStillPending(pending: boolean, ms: number): boolean {
  const [still, setStill] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setStill(true), ms);
    return () => {
      clearTimeout(timer);
      setStill(false);
    };
  }, [pending, ms]);
  return still;
}
