import Link from "next/link";

/** Previous / next links for a server-paginated list. */
export function Pager({
  page,
  pageSize,
  total,
  href,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className="text-sky-800 hover:underline">
          ← Previous
        </Link>
      ) : (
        <span className="text-stone-500">← Previous</span>
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className="text-sky-800 hover:underline">
          Next →
        </Link>
      ) : (
        <span className="text-stone-500">Next →</span>
      )}
    </nav>
  );
}
