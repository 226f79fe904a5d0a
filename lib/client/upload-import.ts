import { importErrorDetailsSchema, importSummarySchema, type ImportSummary } from "@/lib/schemas/imports";
import { ApiError } from "./fetch-json";
import type { PassageKind } from "@/lib/domain/passages/passage-kind";

export type UploadInput = {
  studyId: number;
  file: File;
  format: string;
  judge?: string;
  judgeKind?: "model" | "human";
  scale?: string;
  createMissing?: boolean;
  /** How the file's passages are shown; unset: as the study says. */
  display?: PassageKind;
  /** The nugget set the file's nuggets go to or are matched in; unset: the study's first. */
  nuggetSet?: string;
};

/** A rejected import: the message, the first errors with file, line and field, and their count. */
export class ImportFailedError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly errors: string[],
    readonly errorCount: number,
    readonly hint: string | null = null,
  ) {
    super(status, code, message);
  }
}

/**
 * Uploads one file as the raw request body. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; the server imports while it reads, so progress follows the import.
 */
export function uploadImport(input: UploadInput, onProgress: (fraction: number) => void): Promise<ImportSummary> {
  const params = new URLSearchParams({ format: input.format, file: input.file.name });
  if (input.judge) params.set("judge", input.judge);
  if (input.judgeKind) params.set("judgeKind", input.judgeKind);
  if (input.scale) params.set("scale", input.scale);
  if (input.createMissing) params.set("createMissing", "1");
  if (input.display) params.set("display", input.display);
  if (input.nuggetSet) params.set("nuggetSet", input.nuggetSet);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/studies/${input.studyId}/imports?${params}`);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, "network", "The upload failed: check your connection and try again."));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: reported below
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(importSummarySchema.parse(body));
        return;
      }
      const error = (body as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
      const details = importErrorDetailsSchema.safeParse(error?.details);
      reject(
        new ImportFailedError(
          xhr.status,
          error?.code ?? "http_error",
          error?.message ?? `The import failed (${xhr.status})`,
          details.success ? details.data.errors : [],
          details.success ? details.data.errorCount : 0,
          details.success ? (details.data.hint ?? null) : null,
        ),
      );
    };
    xhr.send(input.file);
  });
}
