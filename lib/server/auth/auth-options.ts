import "server-only";
import { randomBytes } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret, sessionSeconds } from "../config";
import { SIGN_IN_BUSY, SIGN_IN_RATE_LIMITED } from "@/lib/schemas/auth";
import { endSession } from "../db/ended-sessions";
import { sessionUserById } from "../db/users";
import { verifyCredentials } from "../users/verify-credentials";
import { CLOCK_TOLERANCE_SECONDS, decodeSession, encodeSession, liveSessionClaims } from "./session-token";
import { SignInBusy, signInGate } from "./sign-in-gate";
import { clientAddress, signInThrottle } from "./sign-in-throttle";

/** The longest email (RFC 5321's path limit) and password a sign-in reads; longer ones are refused before anything else. */
const MAX_EMAIL = 254;
const MAX_PASSWORD = 1024;

/**
 * next-auth: email + password (throttled per client address, never locking an account:
 * sign-in-throttle.ts; checked a few at a time, clients taking turns: sign-in-gate.ts), JWT
 * sessions. The token carries only the user id, the session version it was signed at, the
 * session's id and when it signed in (see currentUser). A session
 * lasts ASSAY_SESSION_HOURS from sign-in, however often its cookie is renewed (the token's own
 * expiry is the session's: encodeSession); renewing refuses a session that ended, whose user was
 * disabled or whose session version is outdated; signing out ends that session, remembered until
 * no copy of its token can be read any more.
 */
export function authOptions(): NextAuthOptions {
  const maxAge = sessionSeconds();
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge },
    jwt: { maxAge, encode: encodeSession, decode: decodeSession },
    pages: { signIn: "/signin" },
    // a refused renewal is an ended session, not an error of the server
    logger: { error: (code, ...rest) => code !== "JWT_SESSION_ERROR" && console.error(code, ...rest), warn: () => {} },
    events: {
      // signing out ends the session on the server too: a copy of its cookie is refused from then on
      async signOut({ token }) {
        const { sid, uid, exp, sat } = (token ?? {}) as { sid?: unknown; uid?: unknown; exp?: unknown; sat?: unknown };
        if (typeof sid !== "string" || typeof uid !== "number") return;
        // the latest a copy of its token can be read: its expiry, or its session's end, with the decoder's tolerance
        const ends = Math.max(
          typeof exp === "number" ? exp : 0,
          (typeof sat === "number" ? sat : Date.now() / 1000) + maxAge,
        );
        await endSession(sid, uid, new Date((ends + CLOCK_TOLERANCE_SECONDS) * 1000));
      },
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        authorize: (credentials, request) => authorizeCredentials(credentials, request?.headers?.["x-forwarded-for"]),
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        // a new session: its user, the session version it was signed at, its own id and when it
        // signed in (kept as the token is renewed)
        if (user)
          return Object.assign(token, {
            uid: Number(user.id),
            sv: (user as { sessionVersion?: number }).sessionVersion ?? 0,
            sid: randomBytes(16).toString("base64url"),
            sat: Math.floor(Date.now() / 1000),
          });
        // a renewal (GET /api/auth/session): only of a session that is still live; throwing makes
        // next-auth clear the cookie and answer no session
        const claims = liveSessionClaims(token, maxAge);
        const account = claims && (await sessionUserById(claims.uid, claims.sid));
        if (!claims || !account || account.disabled || account.ended || account.sessionVersion !== claims.sv)
          throw new Error("the session has ended");
        return token;
      },
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { id: token.uid, sessionVersion: token.sv });
        return session;
      },
    },
  };
}

/**
 * A sign-in by email and password: refused at once when the client failed too often, otherwise
 * checked in the client's turn (sign-in-gate.ts); failures made while it waited count.
 */
async function authorizeCredentials(
  credentials: Record<"email" | "password", string> | undefined,
  forwardedFor: string | string[] | undefined,
) {
  const { email, password } = credentials ?? {};
  if (!email || !password || email.length > MAX_EMAIL || password.length > MAX_PASSWORD) return null;
  const client = clientAddress(forwardedFor);
  const account = email.trim().toLowerCase();
  const throttled = () => signInThrottle.admit(client, account, Date.now()) !== null;
  if (throttled()) throw new Error(SIGN_IN_RATE_LIMITED);
  let user: Awaited<ReturnType<typeof verifyCredentials>>;
  try {
    user = await signInGate.turn(client, async () => {
      if (throttled()) throw new Error(SIGN_IN_RATE_LIMITED);
      return verifyCredentials(email, password);
    });
  } catch (error) {
    throw error instanceof SignInBusy ? new Error(SIGN_IN_BUSY) : error;
  }
  if (!user) {
    signInThrottle.failed(client, account, Date.now());
    return null;
  }
  signInThrottle.succeeded(client, account);
  return { id: String(user.id), email: user.email, name: user.name, sessionVersion: user.sessionVersion };
}
