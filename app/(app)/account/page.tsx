import type { Metadata } from "next";
import { ApiTokens } from "@/components/account/api-tokens";
import { PageHeader } from "@/components/ui/page-header";
import { listApiTokens } from "@/lib/server/api-tokens/list-api-tokens";
import { requirePageUser } from "@/lib/server/auth/page-guards";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const me = await requirePageUser();
  return (
    <>
      <PageHeader title="Your account" description={`${me.name}, ${me.email}`} />
      <ApiTokens initial={await listApiTokens(me)} />
    </>
  );
}
