import "server-only";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { exportStudy, type ExportRequest } from "./export-study";

/**
 * A researcher's download of a study export, streamed line by line as a file attachment. With
 * `check`, only whether it can be made: `{ fileName }`, or the error the download would give (so
 * the page shows the message instead of a failed or empty download).
 */
export async function exportDownload(
  user: UserDto,
  studyId: number,
  request: ExportRequest & { check?: boolean },
): Promise<Response> {
  await assertResearcherAccess(await getDb(), user, studyId);
  const { fileName, contentType, lines } = await exportStudy(studyId, request);
  if (request.check) {
    await lines.return(undefined);
    return Response.json({ fileName });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${next.value}\n`));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
