import Link from "next/link";
import type { ExportOptions } from "@/lib/schemas/imports";
import { ExportPanel } from "./export-panel";
import { ImportPanel } from "./import-panel";

export function StudyDataView({
  study,
  exportOptions,
}: {
  study: { id: number; name: string };
  exportOptions: ExportOptions;
}) {
  return (
    <>
      <Link href={`/studies/${study.id}`} className="text-sm text-stone-600 hover:underline">
        ← {study.name}
      </Link>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">Import and export</h1>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-2">
        <ImportPanel studyId={study.id} />
        <ExportPanel studyId={study.id} options={exportOptions} />
      </div>
    </>
  );
}
