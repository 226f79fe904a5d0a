import type { Metadata } from "next";
import { UserTable } from "@/components/admin/user-table";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listUsers } from "@/lib/server/users/list-users";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  await requirePageUser(["admin"]);
  const users = await listUsers();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
      <p className="mb-6 mt-1 text-sm text-stone-600">
        Create accounts with <code className="rounded bg-stone-100 px-1">npm run assay -- user create --email E --role R</code>.
      </p>
      <UserTable users={users} />
    </>
  );
}
