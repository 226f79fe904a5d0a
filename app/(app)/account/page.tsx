import type { Metadata } from "next";
import { ApiTokens } from "@/components/account/api-tokens";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { PageHeader } from "@/components/ui/page-header";
import { listApiTokens } from "@/lib/server/api-tokens/list-api-tokens";
import { requirePageUser } from "@/lib/server/auth/page-guards";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const me = await requirePageUser();
  return (
    <>
      <PageHeader title="Your account" description={`${me.name}, ${me.email} (${me.role})`} />
      {/* the header's sign-out needs a wider screen: on a phone it is here */}
      <div className="mt-3 sm:hidden">
        <SignOutButton />
      </div>
      <ApiTokens initial={await listApiTokens(me)} />
    </>
  );
}
