import type { Metadata } from "next";
import { UserTable } from "@/components/admin/user-table";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listUsers } from "@/lib/server/users/list-users";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await requirePageUser(["admin"]);
  const users = await listUsers();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
      <p className="mb-6 mt-1 max-w-3xl text-sm text-stone-600">
        Accounts and their roles. Researchers add accounts to their studies on a study&apos;s Members page. Disabling an
        account or resetting its password signs its user out everywhere at once.
      </p>
      <UserTable users={users} meId={me.id} />
    </>
  );
}
