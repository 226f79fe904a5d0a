import type { Metadata } from "next";
import Link from "next/link";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { passwordLinkParamsSchema } from "@/lib/schemas/users";
import { pageParams } from "@/lib/server/auth/page-guards";
import { describePasswordLink } from "@/lib/server/users/redeem-password-link";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Set your password" };

/** Where an invite or reset link leads: choose a password, then sign in. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await pageParams(passwordLinkParamsSchema, params);
  const link = await describePasswordLink(token);
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Assay</h1>
      {link ? (
        <SetPasswordForm token={token} purpose={link.purpose} email={link.email} />
      ) : (
        <Alert label="Link error" className="mt-4">
          This link has expired or was already used. Ask an admin for a new one, or{" "}
          <Link href="/signin" className="underline">
            sign in
          </Link>
          .
        </Alert>
      )}
    </main>
  );
}
