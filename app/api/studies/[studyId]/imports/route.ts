import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { importUpload } from "@/lib/server/imports/import-upload";

// POST the file as the raw body (streamed, never buffered whole); options in the query string.
export const POST = route(API["POST /api/studies/{studyId}/imports"], ({ user, params, query, request }) => {
  const { file, ...options } = query;
  return importUpload(user, params.studyId, options, { name: file, body: request.body });
});
