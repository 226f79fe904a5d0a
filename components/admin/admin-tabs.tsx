import Link from "next/link";

const TABS = [
  { href: "/admin/users", label: "Users" },
  { href: "/admin/judging", label: "Judge endpoints" },
] as const;

/** The admin pages, one tab each, the current one marked. */
export function AdminTabs({ current }: { current: (typeof TABS)[number]["href"] }) {
  return (
    <nav aria-label="Administration" className="mb-4 flex gap-1 border-b border-stone-200 text-sm">
      {TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.href === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 ${tab.href === current ? "border-stone-900 font-medium" : "border-transparent text-stone-600 hover:text-stone-900"}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
