import { importUploadQuerySchema } from "@/lib/schemas/imports";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { importUpload } from "@/lib/server/imports/import-upload";

// POST the file as the raw body (streamed, never buffered whole); options in the query string.
export const POST = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: importUploadQuerySchema },
  ({ user, params, query, request }) => {
    const { file, ...options } = query;
    return importUpload(user, params.studyId, options, { name: file, body: request.body });
  },
);
