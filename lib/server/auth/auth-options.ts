import "server-only";
import { randomBytes } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "../config";
import { SIGN_IN_RATE_LIMITED } from "@/lib/schemas/auth";
import { endSession } from "../db/ended-sessions";
import { verifyCredentials } from "../users/verify-credentials";
import { clientAddress, signInThrottle } from "./sign-in-throttle";

/** How long a session lasts (12 hours). */
const SESSION_SECONDS = 12 * 60 * 60;

/** The longest email (RFC 5321's path limit) and password a sign-in reads; longer ones are refused before anything else. */
const MAX_EMAIL = 254;
const MAX_PASSWORD = 1024;

/**
 * next-auth: email + password (throttled per client address and per server, never locking an
 * account: sign-in-throttle.ts), JWT sessions. The token carries only the user id, the session
 * version it was signed at and the session's id (see currentUser); signing out ends that session.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    pages: { signIn: "/signin" },
    events: {
      // signing out ends the session on the server too: a copy of its cookie is refused from then on
      async signOut({ token }) {
        const { sid, uid, exp } = (token ?? {}) as { sid?: unknown; uid?: unknown; exp?: unknown };
        if (typeof sid === "string" && typeof uid === "number")
          await endSession(
            sid,
            uid,
            new Date(typeof exp === "number" ? exp * 1000 : Date.now() + SESSION_SECONDS * 1000),
          );
      },
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, request) {
          const { email, password } = credentials ?? {};
          if (!email || !password || email.length > MAX_EMAIL || password.length > MAX_PASSWORD) return null;
          const client = clientAddress(request?.headers?.["x-forwarded-for"]);
          const account = email.trim().toLowerCase();
          if (signInThrottle.admit(client, account, Date.now())) throw new Error(SIGN_IN_RATE_LIMITED);
          const user = await verifyCredentials(email, password);
          if (!user) {
            signInThrottle.failed(client, account, Date.now());
            return null;
          }
          signInThrottle.succeeded(client, account);
          return { id: String(user.id), email: user.email, name: user.name, sessionVersion: user.sessionVersion };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        // a new session: its user, the session version it was signed at, and its own id (kept as the token is renewed)
        if (user)
          Object.assign(token, {
            uid: Number(user.id),
            sv: (user as { sessionVersion?: number }).sessionVersion ?? 0,
            sid: randomBytes(16).toString("base64url"),
          });
        return token;
      },
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { id: token.uid, sessionVersion: token.sv });
        return session;
      },
    },
  };
}
