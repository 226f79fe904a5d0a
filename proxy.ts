// Runs before every page: redirects signed-out visitors of app pages to /signin, and sets a strict
// Content Security Policy with a fresh nonce per request (Next.js puts the nonce on its own
// scripts). Nothing else: pages and API routes check roles and study membership themselves. API
// routes do not pass through here (a JSON answer needs no nonce, and the annotation hot path should
// not pay for one): next.config.ts gives them a fixed policy that allows no script at all.
import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";

const SIGNED_IN_PAGES = /^\/($|studies(\/|$)|annotate(\/|$)|admin(\/|$))/;

/** next-auth's check: a redirect to /signin without a session token, nothing otherwise. */
const requireSession = withAuth({ pages: { signIn: "/signin" } });

/**
 * Scripts only from this origin and with the request's nonce ('strict-dynamic' lets them load
 * Next's chunks); no plugins, no framing, no foreign forms. Styles allow inline attributes
 * (shiki's highlighted code and the charts set colours that way). Development adds 'unsafe-eval'
 * for React's dev tooling.
 */
function contentSecurityPolicy(nonce: string, development = process.env.NODE_ENV !== "production"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export default async function proxy(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  if (SIGNED_IN_PAGES.test(request.nextUrl.pathname)) {
    const redirect = await requireSession(request as NextRequestWithAuth, event);
    if (redirect) return redirect;
  }
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = { matcher: ["/((?!api/|_next/static|_next/image|icon.svg).*)"] };
