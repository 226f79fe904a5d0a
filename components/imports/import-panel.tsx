"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { BUILTIN_SCALES } from "@/lib/domain/scales";
import { PASSAGE_DISPLAY_LABELS, PASSAGE_KINDS, type PassageKind } from "@/lib/domain/passages/passage-kind";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/formats/import-formats";
import { previewFile, type Preview } from "@/lib/client/preview-file";
import { ImportFailedError, uploadImport } from "@/lib/client/upload-import";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { FilePreview } from "./file-preview";
import { ImportResult } from "./import-result";
import { Select, TextInput } from "@/components/ui/field";
import { ClientForm } from "@/components/ui/client-form";

export function ImportPanel({ studyId }: { studyId: number }) {
  const router = useRouter();
  const [formatId, setFormatId] = useState<string>(IMPORT_FORMATS[0].id);
  const [file, setFile] = useState<File | null>(null);
  const [judge, setJudge] = useState("");
  const [judgeKind, setJudgeKind] = useState<"model" | "human">("model");
  const [scale, setScale] = useState("");
  const [createMissing, setCreateMissing] = useState(false);
  const [display, setDisplay] = useState<PassageKind | "">("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [progress, setProgress] = useState(0);
  const format: ImportFormat = IMPORT_FORMATS.find((f) => f.id === formatId)!;
  const labels = format.labels;

  useEffect(() => {
    let current = true;
    if (file) void previewFile(file, formatId).then((p) => current && setPreview(p));
    else setPreview(null);
    return () => {
      current = false;
    };
  }, [file, formatId]);

  const upload = useMutation({
    mutationFn: () =>
      uploadImport(
        {
          studyId,
          file: file!,
          format: formatId,
          // a format's own options only: a judge or scale chosen for an earlier format is not this one's
          judge: (labels && judge) || undefined,
          judgeKind: labels && labels.judgeKind !== judgeKind ? judgeKind : undefined,
          scale: (labels && scale) || undefined,
          createMissing: format.createsMissing && createMissing,
          display: (format.passages && display) || undefined,
        },
        setProgress,
      ),
    onMutate: () => setProgress(0),
    onSuccess: () => router.refresh(), // the export choices and the study's counts change
  });
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
        <div>
          <label className="block text-sm font-medium">
            Format
            <Select
              className="mt-1"
              value={formatId}
              disabled={pending}
              aria-describedby="import-format-help"
              onChange={(e) => {
                setFormatId(e.target.value);
                setCreateMissing(false); // what one format creates is not what another would: ask again
                upload.reset();
              }}
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
        {labels && (
          <div className="grid grid-cols-2 gap-3">
            <label className="block text-sm font-medium">
              Judge {labels.judge === "required" ? "(required)" : ""}
              <TextInput
                className="mt-1"
                value={judge}
                disabled={pending}
                onChange={(e) => setJudge(e.target.value)}
                placeholder={labels.judge === "required" ? "e.g. gpt-4o" : labels.judge.default}
              />
            </label>
            <label className="block text-sm font-medium">
              Judge kind
              <Select
                className="mt-1"
                value={judgeKind}
                disabled={pending}
                onChange={(e) => setJudgeKind(e.target.value as "model" | "human")}
              >
                <option value="model">LLM</option>
                <option value="human">Human</option>
              </Select>
            </label>
            {labels.scale === "required" && (
              <label className="col-span-2 block text-sm font-medium">
                Scale (required)
                <Select className="mt-1" value={scale} disabled={pending} onChange={(e) => setScale(e.target.value)}>
                  <option value="">Choose a scale…</option>
                  {Object.values(BUILTIN_SCALES).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Select>
              </label>
            )}
          </div>
        )}
        {format.createsMissing && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={createMissing}
              disabled={pending}
              onChange={(e) => setCreateMissing(e.target.checked)}
            />
            <span>
              <span className="font-medium">Create missing {format.createsMissing.what}</span>
              <span className="block text-xs text-stone-500">{format.createsMissing.note}</span>
            </span>
          </label>
        )}
        {format.passages && (
          <label className="block text-sm font-medium">
            Show these passages
            <Select
              className="mt-1"
              value={display}
              disabled={pending}
              onChange={(e) => setDisplay(e.target.value as PassageKind | "")}
            >
              <option value="">As the study says (its Overview page)</option>
              {PASSAGE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {PASSAGE_DISPLAY_LABELS[kind]}
                </option>
              ))}
            </Select>
          </label>
        )}
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
      {upload.isError && (
        <div
          role="alert"
          aria-label="Import errors"
          data-testid="import-errors"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900"
        >
          {upload.error instanceof ImportFailedError && upload.error.errors.length > 1 ? (
            // several errors: counted in the heading, each listed once below it
            <>
              <p className="font-medium">
                Nothing was imported: {upload.error.errorCount} errors
                {upload.error.errorCount > upload.error.errors.length
                  ? ` (the first ${upload.error.errors.length} below)`
                  : ""}
                .
              </p>
              <ul className="mt-2 list-disc space-y-0.5 pl-5 font-mono text-xs">
                {upload.error.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
              {upload.error.hint && <p className="mt-2">{upload.error.hint}</p>}
            </>
          ) : (
            <p className="font-medium">{upload.error.message}</p>
          )}
        </div>
      )}
    </section>
  );
}
