import type { Metadata } from "next";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { UserTable } from "@/components/admin/user-table";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listUsers } from "@/lib/server/users/list-users";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await requirePageUser(["admin"]);
  const users = await listUsers();
  return (
    <>
      <AdminTabs current="/admin/users" />
      <PageHeader
        title="Users"
        description={
          <>
            Accounts and their roles. Researchers add accounts to their studies on a study&apos;s Members page.
            Disabling an account or resetting its password signs its user out everywhere at once.
          </>
        }
      />
      <div className="mt-6">
        <UserTable users={users} meId={me.id} />
      </div>
    </>
  );
}
