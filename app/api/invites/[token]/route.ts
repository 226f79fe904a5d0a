import { API } from "@/lib/server/http/api-catalog";
import { publicRoute } from "@/lib/server/http/route";
import { redeemPasswordLink } from "@/lib/server/users/redeem-password-link";

/** Sets the password of the account an invite or reset link is for (signed out: the link is the credential). */
export const POST = publicRoute(API["POST /api/invites/{token}"], ({ params, body }) =>
  redeemPasswordLink(params.token, body.password),
);
