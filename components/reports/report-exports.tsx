/** The report's download links, one per format (`href` gives each format's URL). */
export function ReportExports({
  href,
  formats = ["csv", "json"],
  className = "",
}: {
  href: (format: "csv" | "json") => string;
  formats?: readonly ("csv" | "json")[];
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {formats.map((format) => (
        <a
          key={format}
          className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100"
          href={href(format)}
          download
        >
          Export {format.toUpperCase()}
        </a>
      ))}
    </div>
  );
}
