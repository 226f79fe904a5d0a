import "server-only";
import type { ImportSummary } from "@/lib/schemas/imports";
import { getDb } from "../db/client";
import { invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { importIntoStudy, type ImportRequest } from "./import-into-study";

/** A researcher's upload of one file into a study they may open (the web import page). */
export async function importUpload(
  user: UserDto,
  studyId: number,
  request: Omit<ImportRequest, "files">,
  file: { name: string; body: ReadableStream<Uint8Array> | null },
): Promise<ImportSummary> {
  await assertResearcherAccess(await getDb(), user, studyId);
  if (!file.body) throw invalid("the upload has no file");
  return importIntoStudy(studyId, {
    ...request,
    surface: "web",
    files: [{ name: file.name, chunks: streamChunks(file.body) }],
  });
}

async function* streamChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
