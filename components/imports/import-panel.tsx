"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/formats/import-formats";
import { previewFile, type Preview } from "@/lib/client/preview-file";
import { uploadImport } from "@/lib/client/upload-import";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { FilePreview } from "./file-preview";
import { ImportErrors } from "./import-errors";
import { ImportOptions, NO_IMPORT_OPTIONS, type ImportOptionValues } from "./import-options";
import { ImportResult } from "./import-result";
import { Select, TextInput } from "@/components/ui/field";
import { ClientForm } from "@/components/ui/client-form";

/** The study's import form: a format, its options and a file, previewed, uploaded with progress, all or nothing. */
export function ImportPanel({ studyId }: { studyId: number }) {
  const [formatId, setFormatId] = useState<string>(IMPORT_FORMATS[0].id);
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ImportOptionValues>(NO_IMPORT_OPTIONS);
  const [preview, setPreview] = useState<Preview | null>(null);
  const format: ImportFormat = IMPORT_FORMATS.find((f) => f.id === formatId)!;

  useEffect(() => {
    let current = true;
    if (file) void previewFile(file, formatId).then((p) => current && setPreview(p));
    else setPreview(null);
    return () => {
      current = false;
    };
  }, [file, formatId]);

  const { upload, progress } = useImportUpload(studyId, format, options, file);
  const pending = upload.isPending;

  return (
    <section aria-labelledby="import-heading" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="import-heading" className="text-lg font-semibold">
        Import
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        One file at a time, all or nothing: any error leaves the study unchanged. Importing the same file again changes
        nothing.
      </p>
      <ClientForm
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          upload.mutate();
        }}
      >
        <FormatField
          format={format}
          disabled={pending}
          onChange={(id) => {
            setFormatId(id);
            setOptions((now) => ({ ...now, createMissing: false })); // what one format creates is not what another would: ask again
            upload.reset();
          }}
        />
        <ImportOptions
          format={format}
          values={options}
          set={(change) => setOptions((now) => ({ ...now, ...change }))}
          disabled={pending}
        />
        <label className="block text-sm font-medium">
          File
          <TextInput
            type="file"
            className="mt-1"
            disabled={pending}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
        </label>
        {preview && file && <FilePreview preview={preview} fileName={file.name} />}
        {pending && <ProgressBar value={Math.round(progress * 100)} max={100} label="Import progress" />}
        <Button type="submit" disabled={!file || pending}>
          {pending ? (progress < 1 ? `Importing… ${Math.round(progress * 100)}%` : "Finishing…") : "Import"}
        </Button>
      </ClientForm>
      {upload.isSuccess && <ImportResult summary={upload.data} />}
      {upload.isError && <ImportErrors error={upload.error} />}
    </section>
  );
}

/** The format chosen, with what it reads in a sentence below. */
function FormatField({
  format,
  disabled,
  onChange,
}: {
  format: ImportFormat;
  disabled: boolean;
  onChange: (id: string) => void;
}) {
  return (
    <div>
      <label className="block text-sm font-medium">
        Format
        <Select
          className="mt-1"
          value={format.id}
          disabled={disabled}
          aria-describedby="import-format-help"
          onChange={(e) => onChange(e.target.value)}
        >
          {IMPORT_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </Select>
      </label>
      <p id="import-format-help" className="mt-1 text-xs text-stone-500">
        {format.description}
      </p>
    </div>
  );
}

/** Uploads the file with the format's own options (a judge or scale chosen for an earlier format is not this one's), with its progress. */
function useImportUpload(studyId: number, format: ImportFormat, options: ImportOptionValues, file: File | null) {
  const router = useRouter();
  const [progress, setProgress] = useState(0);
  const labels = format.labels;
  const upload = useMutation({
    mutationFn: () =>
      uploadImport(
        {
          studyId,
          file: file!,
          format: format.id,
          judge: (labels && options.judge) || undefined,
          judgeKind: labels && labels.judgeKind !== options.judgeKind ? options.judgeKind : undefined,
          scale: (labels && options.scale) || undefined,
          createMissing: format.createsMissing && options.createMissing,
          display: (format.passages && options.display) || undefined,
          nuggetSet: (format.nuggets && options.nuggetSet.trim()) || undefined,
        },
        setProgress,
      ),
    onMutate: () => setProgress(0),
    onSuccess: () => router.refresh(), // the export choices and the study's counts change
  });
  return { upload, progress };
}
