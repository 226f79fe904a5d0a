import { z } from "zod";
import { passwordSchema, userIdParamsSchema } from "@/lib/schemas/users";
import { route } from "@/lib/server/http/route";
import { resetPassword } from "@/lib/server/users/reset-password";

/** Sets a new password, or (none given) issues a one-time reset link; the user's sessions end either way. */
export const POST = route(
  {
    roles: ["admin"],
    tokens: false,
    params: userIdParamsSchema,
    body: z.object({ password: passwordSchema.optional() }),
  },
  ({ params, body }) => resetPassword(params.userId, body.password),
);
