"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { ScrollX } from "@/components/ui/scroll-x";

/**
 * A study's sections, on every page of the study; the section open now is marked. The links are
 * not prefetched: each section is rendered per request, and prefetching ten of them on every page
 * view would cost the server ten renders nobody asked for.
 */
export function StudyNav({ study }: { study: { id: number; name: string; members: number } }) {
  const pathname = usePathname();
  const base = `/studies/${study.id}`;
  const sections = [
    { href: "questions", label: "Questions" },
    { href: "disagreements", label: "Disagreements" },
    { href: "agreement", label: "Agreement" },
    { href: "impact", label: "Impact" },
    { href: "corrected-estimates", label: "Corrected estimates" },
    { href: "drift", label: "Drift" },
    { href: "nugget-quality", label: "Nugget quality" },
    { href: "preferences", label: "Preferences" },
    { href: "resources", label: "Resources" },
    { href: "judges", label: "LLM judges" },
    { href: "members", label: `Members (${study.members})` },
    { href: "data", label: "Import and export" },
  ];
  const tab = "shrink-0 rounded-md px-2.5 py-1.5 hover:bg-stone-100";
  const current = "bg-stone-200 font-medium text-stone-900 hover:bg-stone-200";
  return (
    <nav aria-label="Study" className="mb-5 border-b border-stone-200 pb-2 text-sm">
      <Link
        href={base}
        prefetch={false}
        aria-current={pathname === base ? "page" : undefined}
        className="font-semibold text-stone-900 hover:underline"
      >
        {study.name}
      </Link>
      <ScrollX className="-mx-2.5 mt-1">
        <div className="flex gap-1 whitespace-nowrap text-stone-700">
          {sections.map((s) => {
            const href = `${base}/${s.href}`;
            const open = pathname === href || pathname.startsWith(`${href}/`);
            return (
              <Link
                key={s.href}
                href={href}
                prefetch={false}
                aria-current={open ? "page" : undefined}
                // on a phone the sections scroll sideways: bring the open one into view
                ref={open ? (el) => el?.scrollIntoView({ block: "nearest", inline: "nearest" }) : undefined}
                className={`${tab} ${open ? current : ""}`}
              >
                {s.label}
              </Link>
            );
          })}
        </div>
      </ScrollX>
    </nav>
  );
}
