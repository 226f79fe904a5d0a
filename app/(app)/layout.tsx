import type { ReactNode } from "react";
import { AppHeader } from "@/components/layout/app-header";
import { requirePageUser } from "@/lib/server/auth/page-guards";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </>
  );
}
