import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "../config";
import { SIGN_IN_RATE_LIMITED } from "@/lib/schemas/auth";
import { verifyCredentials } from "../users/verify-credentials";
import { signInLimiter } from "./sign-in-limiter";

/**
 * next-auth: email + password (rate-limited per account), JWT sessions. The token carries only the
 * user id and the session version it was signed at (see currentUser).
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          const account = credentials.email.trim().toLowerCase();
          if (signInLimiter.retryAfter(account, Date.now()) > 0) throw new Error(SIGN_IN_RATE_LIMITED);
          const user = await verifyCredentials(credentials.email, credentials.password);
          if (!user) {
            signInLimiter.recordFailure(account, Date.now());
            return null;
          }
          signInLimiter.recordSuccess(account);
          return { id: String(user.id), email: user.email, name: user.name, sessionVersion: user.sessionVersion };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user)
          Object.assign(token, { uid: Number(user.id), sv: (user as { sessionVersion?: number }).sessionVersion ?? 0 });
        return token;
      },
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { id: token.uid, sessionVersion: token.sv });
        return session;
      },
    },
  };
}
