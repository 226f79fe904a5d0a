import Link from "next/link";
import { canResearch, type UserRole } from "@/lib/domain/roles";
import { SignOutButton } from "./sign-out-button";

type HeaderUser = { name: string; email: string; role: UserRole };

export function AppHeader({ user }: { user: HeaderUser }) {
  const links = [
    ...(canResearch(user.role) ? [{ href: "/studies", label: "Studies" }] : []),
    { href: "/annotate", label: "Annotate" },
    ...(user.role === "admin" ? [{ href: "/admin/users", label: "Users" }] : []),
    { href: "/account", label: "Account" },
  ];
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:gap-6 sm:px-6">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Assay
        </Link>
        <nav aria-label="Main" className="flex min-w-0 gap-1 text-sm">
          {links.map((l) => (
            <Link key={l.href} href={l.href} className="rounded-md px-2 py-1 text-stone-700 hover:bg-stone-100">
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2 text-sm sm:gap-3" data-testid="current-user">
          {/* on a phone only the sign-out shows; the name, email and role need a wider screen (screen readers get them always) */}
          <span className="sr-only sm:not-sr-only sm:text-right sm:leading-tight">
            <span className="block font-medium">{user.name}</span>
            <span className="block text-xs text-stone-500">{user.email}</span>
          </span>
          <span
            data-testid="current-role"
            className="sr-only rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium uppercase tracking-wide text-stone-700 sm:not-sr-only"
          >
            {user.role}
          </span>
          {/* on a phone the header has room for its links only: sign out is on the Account page */}
          <span className="hidden sm:inline-flex">
            <SignOutButton />
          </span>
        </div>
      </div>
    </header>
  );
}
