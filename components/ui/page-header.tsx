import Link from "next/link";
import type { ReactNode } from "react";

/** A page's top: the way back, the title, what the page is for, and its actions on the right. */
export function PageHeader({
  back,
  title,
  description,
  actions,
}: {
  back?: { href: string; label: string };
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      {back && (
        <Link href={back.href} className="text-sm text-stone-600 hover:underline">
          ← {back.label}
        </Link>
      )}
      <div className="mt-1 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
    </>
  );
}
