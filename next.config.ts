import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native drivers and Prisma's runtime stay as Node modules instead of being bundled.
  serverExternalPackages: ["@libsql/client", "libsql", "@prisma/adapter-libsql", "@prisma/adapter-pg", "pg"],
  // `npm test` builds into its own folder so it never replaces the build `npm start` serves.
  distDir: process.env.ASSAY_DIST_DIR || ".next",
};

export default nextConfig;
