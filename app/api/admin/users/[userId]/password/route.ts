import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { resetPassword } from "@/lib/server/users/reset-password";

/** Sets a new password, or (none given) issues a one-time reset link; the user's sessions end either way. */
export const POST = route(API["POST /api/admin/users/{userId}/password"], ({ params, body }) =>
  resetPassword(params.userId, body.password),
);
