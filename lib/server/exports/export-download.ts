import "server-only";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { exportStudy, type ExportRequest } from "./export-study";
import { linesBody } from "./text-chunks";

/**
 * A researcher's download of a study export, streamed in blocks of lines as a file attachment. With
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
  const body = linesBody(lines); // a few blocks ahead: the next page is read while the last ones are sent
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
