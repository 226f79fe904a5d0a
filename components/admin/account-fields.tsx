import type { UserRole } from "@/lib/domain/roles";
import type { NewAccount } from "@/lib/schemas/users";

const field = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm";
export const ROLE_NAMES: Record<UserRole, string> = {
  admin: "Admin",
  researcher: "Researcher",
  annotator: "Annotator",
};

/** A new account's fields: email, optional name, role and optional password (empty: an invite link). */
export function AccountFields({
  roles,
  pending,
  autoFocus = false,
}: {
  roles: readonly UserRole[];
  pending: boolean;
  autoFocus?: boolean;
}) {
  return (
    <>
      <label className="block text-sm font-medium">
        Email
        <input name="email" type="email" required autoFocus={autoFocus} disabled={pending} className={field} />
      </label>
      <label className="block text-sm font-medium">
        Name <span className="font-normal text-stone-500">(optional)</span>
        <input name="name" disabled={pending} className={field} />
      </label>
      <label className="block text-sm font-medium">
        Role
        <select name="role" defaultValue="annotator" disabled={pending} className={field}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Password <span className="font-normal text-stone-500">(empty: an invite link; else at least 8 characters)</span>
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          disabled={pending}
          className={field}
        />
      </label>
    </>
  );
}

/** The account a form of AccountFields describes. */
export function accountOf(form: FormData): NewAccount {
  const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
  return {
    email: String(form.get("email") ?? ""),
    name: text("name"),
    role: (form.get("role") as UserRole | null) ?? "annotator",
    password: text("password"),
  };
}
