import type { ExportOptions } from "@/lib/schemas/imports";
import { ExportPanel } from "./export-panel";
import { ImportPanel } from "./import-panel";
import { PageHeader } from "@/components/ui/page-header";

export function StudyDataView({
  study,
  exportOptions,
}: {
  study: { id: number; name: string };
  exportOptions: ExportOptions;
}) {
  return (
    <>
      <PageHeader title="Import and export" />
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-2">
        <ImportPanel studyId={study.id} />
        <ExportPanel studyId={study.id} options={exportOptions} />
      </div>
    </>
  );
}
