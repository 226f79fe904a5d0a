import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { createStudy } from "@/lib/server/studies/create-study";
import { listStudies } from "@/lib/server/studies/list-studies";

export const GET = route(API["GET /api/studies"], async ({ user }) => ({
  studies: await listStudies(user),
}));

/** A researcher's new study has them as its researcher; an admin's has none (admins see every study). */
export const POST = route(API["POST /api/studies"], ({ user, body }) =>
  createStudy(body, user.role === "researcher" ? user : null),
);
