import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native drivers and Prisma's runtime stay as Node modules instead of being bundled.
  serverExternalPackages: ["@libsql/client", "libsql", "@prisma/adapter-libsql", "@prisma/adapter-pg", "pg"],
  // `npm test` builds into its own folder so it never replaces the build `npm start` serves.
  distDir: process.env.ASSAY_DIST_DIR || ".next",
  // The usual security headers on every response. Pages get their Content Security Policy (with a
  // nonce per request) in proxy.ts; API routes get this fixed one: no script runs in an API answer
  // (next-auth's own pages under /api/auth are styled inline, and post their forms here).
  // Pages moved to their feature's slug; old links (bookmarks, papers' footnotes) keep working.
  redirects: async () =>
    [
      ["/studies/:studyId/questions", "/studies/:studyId/explorer"],
      ["/studies/:studyId/questions/:questionId", "/studies/:studyId/explorer/questions/:questionId"],
      ["/studies/:studyId/disagreements", "/studies/:studyId/explorer/disagreements"],
      ["/studies/:studyId/judges", "/studies/:studyId/judging"],
      ["/studies/:studyId/data", "/studies/:studyId/import-export"],
    ].map(([source, destination]) => ({ source: source!, destination: destination!, permanent: true })),
  headers: async () => [
    {
      source: "/api/:path*",
      headers: [
        {
          key: "Content-Security-Policy",
          value:
            "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        },
      ],
    },
    {
      source: "/:path*",
      headers: [
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "X-Frame-Options", value: "DENY" },
        { key: "Referrer-Policy", value: "same-origin" },
        { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
        { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
      ],
    },
  ],
};

export default nextConfig;
