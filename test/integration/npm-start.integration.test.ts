import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// `npm start` in production mode refuses to start without a real secret and the public URL, with one line saying what to set.
const start = (env: Record<string, string>) => {
  const { NEXTAUTH_SECRET: _secret, NEXTAUTH_URL: _url, ...rest } = process.env;
  return spawnSync(process.execPath, ["scripts/start.mjs"], {
    env: { ...rest, NODE_ENV: "production", DATABASE_URL: "file:/nonexistent/never-created.db", ...env },
    encoding: "utf8",
  });
};

describe("production mode", () => {
  it("refuses to start without NEXTAUTH_SECRET, with a short one, or without NEXTAUTH_URL", () => {
    const missing = start({});
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("NEXTAUTH_SECRET must be set in production mode");
    const short = start({ NEXTAUTH_SECRET: "changeme" });
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("NEXTAUTH_SECRET must be at least 16 characters long");
    const noUrl = start({ NEXTAUTH_SECRET: "a-long-enough-random-secret-value" });
    expect(noUrl.status).toBe(1);
    expect(noUrl.stderr).toContain("NEXTAUTH_URL must be set in production mode");
  });
});
