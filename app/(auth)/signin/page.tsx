import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { homePathFor } from "@/lib/domain/roles";
import { currentPageUser } from "@/lib/server/auth/page-guards";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  const user = await currentPageUser();
  if (user) redirect(homePathFor(user.role));
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Assay</h1>
      <p className="mb-8 mt-1 text-sm text-stone-600">Calibrate LLM judgments with expert annotators.</p>
      <SignInForm />
    </main>
  );
}
