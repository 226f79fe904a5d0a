import type { UserRole } from "@/lib/domain/roles";
import type { NewAccount } from "@/lib/schemas/users";
import { Select, TextInput } from "@/components/ui/field";

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
        <TextInput name="email" type="email" required autoFocus={autoFocus} disabled={pending} className="mt-1" />
      </label>
      <label className="block text-sm font-medium">
        Name <span className="font-normal text-stone-500">(optional)</span>
        <TextInput name="name" disabled={pending} className="mt-1" />
      </label>
      <label className="block text-sm font-medium">
        Role
        <Select name="role" defaultValue="annotator" disabled={pending} className="mt-1">
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </Select>
      </label>
      <label className="block text-sm font-medium">
        Password <span className="font-normal text-stone-500">(empty: an invite link; else at least 8 characters)</span>
        <TextInput
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          disabled={pending}
          className="mt-1"
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
