"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { StudyHeader } from "@/lib/schemas/studies";

/** A section: its path under the study, and (when not its own path) the paths below which it is open. */
type Section = { href: string; label: string; filled: boolean; under?: string };

/**
 * A study's sections, on every page of the study; the section open now is marked. The sections its
 * data can fill are shown (Nugget quality and Drift need nuggets, Preferences side-by-side answers or
 * preferences, Resources federated results); the others wait under More, so nothing runs off
 * screen, and the links wrap on a phone. The links are not prefetched: each section is rendered per
 * request, and prefetching them on every page view would cost the server renders nobody asked for.
 */
export function StudyNav({ study }: { study: Pick<StudyHeader, "id" | "name" | "members" | "holds"> }) {
  const pathname = usePathname();
  const base = `/studies/${study.id}`;
  const { nuggets, preferences, federated } = study.holds;
  const sections: Section[] = [
    { href: "explorer", label: "Questions", filled: true, under: "explorer/questions" },
    { href: "explorer/disagreements", label: "Disagreements", filled: true },
    { href: "agreement", label: "Agreement", filled: true },
    { href: "impact", label: "Impact", filled: true },
    { href: "corrected-estimates", label: "Corrected estimates", filled: true },
    { href: "nugget-quality", label: "Nugget quality", filled: nuggets },
    { href: "drift", label: "Drift", filled: nuggets },
    { href: "preferences", label: "Preferences", filled: preferences },
    { href: "resources", label: "Resources", filled: federated },
    { href: "judging", label: "LLM judges", filled: true },
    { href: "members", label: `Members (${study.members})`, filled: true },
    { href: "import-export", label: "Import and export", filled: true },
  ];
  const isOpen = (s: Section) =>
    pathname === `${base}/${s.href}` || pathname.startsWith(`${base}/${s.under ?? s.href}/`);
  const shown = sections.filter((s) => s.filled || isOpen(s));
  const more = sections.filter((s) => !shown.includes(s));
  const tab = "rounded-md px-2.5 py-1.5 hover:bg-stone-100";
  const current = "bg-stone-200 font-medium text-stone-900 hover:bg-stone-200";
  const link = (s: Section, className: string) => (
    <Link
      key={s.href}
      href={`${base}/${s.href}`}
      prefetch={false}
      aria-current={isOpen(s) ? "page" : undefined}
      className={`${className} ${isOpen(s) ? current : ""}`}
    >
      {s.label}
    </Link>
  );
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
      <div className="-mx-2.5 mt-1 flex flex-wrap items-center gap-1 text-stone-700">
        {shown.map((s) => link(s, tab))}
        {more.length > 0 && (
          <details className="relative">
            <summary className={`${tab} cursor-pointer list-none`} aria-label="More sections">
              More ▾
            </summary>
            <div className="absolute right-0 z-10 mt-1 flex w-56 flex-col rounded-md border border-stone-200 bg-white p-1 shadow-md sm:left-0 sm:right-auto">
              <p className="px-2.5 py-1 text-xs text-stone-500">Nothing in this study for these yet</p>
              {more.map((s) => link(s, tab))}
            </div>
          </details>
        )}
      </div>
    </nav>
  );
}
