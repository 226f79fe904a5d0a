import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "../config";
import { verifyCredentials } from "../users/verify-credentials";

/** next-auth: email + password, JWT sessions. The token carries only the user id. */
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
          const user = await verifyCredentials(credentials.email, credentials.password);
          return user ? { id: String(user.id), email: user.email, name: user.name } : null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.uid = Number(user.id);
        return token;
      },
      session({ session, token }) {
        if (session.user) Object.assign(session.user, { id: token.uid });
        return session;
      },
    },
  };
}
