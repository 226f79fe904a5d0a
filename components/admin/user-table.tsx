import type { UserRole } from "@/lib/domain/roles";

type Row = { id: number; email: string; name: string; role: UserRole; studies: number };

export function UserTable({ users }: { users: Row[] }) {
  return (
    <table className="w-full text-sm" aria-label="Users">
      <thead className="text-left text-stone-500">
        <tr>
          <th className="py-1 font-medium">Name</th>
          <th className="py-1 font-medium">Email</th>
          <th className="py-1 font-medium">Role</th>
          <th className="py-1 text-right font-medium">Studies</th>
        </tr>
      </thead>
      <tbody>
        {users.map((u) => (
          <tr key={u.id} className="border-t border-stone-200">
            <td className="py-1.5">{u.name}</td>
            <td className="py-1.5">{u.email}</td>
            <td className="py-1.5">{u.role}</td>
            <td className="py-1.5 text-right tabular-nums">{u.studies}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
