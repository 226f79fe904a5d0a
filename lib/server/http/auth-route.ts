import "server-only";
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { errorResponse } from "./route";
import { readBodyUpTo } from "./request-body";
import { authOptions } from "../auth/auth-options";

/** A sign-in form is a few hundred bytes: a body past this is refused (413) before next-auth reads it. */
const MAX_AUTH_BODY = 16 * 1024;

/** next-auth's routes (/api/auth/*), with their request bodies capped. */
export async function authRoute(
  request: NextRequest,
  context: { params: Promise<{ nextauth: string[] }> },
): Promise<Response> {
  let capped = request;
  if (request.method === "POST") {
    try {
      const body = await readBodyUpTo(request, MAX_AUTH_BODY, null);
      capped = new NextRequest(request.url, { method: "POST", headers: request.headers, body });
    } catch (error) {
      return errorResponse(error);
    }
  }
  return NextAuth(authOptions())(capped, context) as Promise<Response>;
}
