// Sessions end: a token lives ASSAY_SESSION_HOURS from sign-in however often it is renewed, a
// renewal refuses a session that signed out, whose account was disabled or whose session version
// moved on, and a signed-out session is remembered until no copy of its token can be read. next-auth's
// own callbacks and events, with Assay's encoder, on the engine under test.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { JWT } from "next-auth/jwt";
import * as f from "@/prisma/factories";
import { getDb } from "@/lib/server/db/client";
import { unique } from "@/test/db-tier";
import { authOptions } from "./auth-options";
import { decodeSession, encodeSession } from "./session-token";

const secret = "sessions-db-test-secret-0123456789abcdef";
const secretBefore = process.env.NEXTAUTH_SECRET;
const HOUR = 3600;

type Account = { id: number; email: string; sessionVersion: number };
let account: Account;

/** next-auth's steps, as its routes take them: the jwt callback, then encoding with the options' jwt settings. */
function auth() {
  const options = authOptions();
  const jwt = options.callbacks!.jwt! as (params: { token: JWT; user?: object }) => Promise<JWT>;
  return {
    options,
    signIn: async (user: Account) => {
      const token = await jwt({ token: {}, user: { id: String(user.id), sessionVersion: user.sessionVersion } });
      return encodeSession({ token, secret, maxAge: options.jwt!.maxAge });
    },
    renew: async (cookie: string) => {
      const token = await jwt({ token: (await decodeSession({ token: cookie, secret }))! });
      return encodeSession({ token, secret, maxAge: options.jwt!.maxAge });
    },
    signOut: async (cookie: string) =>
      options.events!.signOut!({ token: (await decodeSession({ token: cookie, secret }))!, session: null as never }),
  };
}
const claims = async (cookie: string) =>
  (await decodeSession({ token: cookie, secret }))! as JWT & { exp: number; sat: number };

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = secret;
  const user = await f.upsertUser(await getDb(), {
    email: `session-${unique()}@test.local`,
    role: "researcher",
    password: "x",
  });
  account = { id: user.id, email: user.email, sessionVersion: user.sessionVersion };
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.ASSAY_SESSION_HOURS;
});
afterAll(() => {
  // the db tier shares one process between files (isolate: false)
  if (secretBefore === undefined) delete process.env.NEXTAUTH_SECRET;
  else process.env.NEXTAUTH_SECRET = secretBefore;
});

describe("a session", () => {
  it("expires 12 hours after sign-in, or ASSAY_SESSION_HOURS, however often it is renewed", async () => {
    const cookie = await auth().signIn(account);
    const signedIn = await claims(cookie);
    expect(signedIn.exp - signedIn.sat).toBe(12 * HOUR);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime((signedIn.sat + 11 * HOUR) * 1000);
    const renewed = await claims(await auth().renew(cookie));
    expect(renewed.exp).toBe(signedIn.exp); // not 11 h + 12 h
    expect(renewed.sid).toBe(signedIn.sid);
    vi.setSystemTime((signedIn.exp + 16) * 1000); // past next-auth's 15 s tolerance
    await expect(decodeSession({ token: cookie, secret })).rejects.toThrow(/exp/);
    vi.useRealTimers();

    process.env.ASSAY_SESSION_HOURS = "1";
    const short = await claims(await auth().signIn(account));
    expect(short.exp - short.sat).toBe(HOUR);
    // a session longer ago than the setting allows is refused on renewal, whatever its token says
    const old = await claims(cookie);
    await expect(
      auth().renew(await encodeSession({ token: { ...old, sat: old.sat - 2 * HOUR }, secret, maxAge: 12 * HOUR })),
    ).rejects.toThrow("the session has ended");
  });

  it("is not renewed once it signed out, and is remembered until no copy of its token can be read", async () => {
    const cookie = await auth().signIn(account);
    const { sid, exp } = await claims(cookie);
    expect(await auth().renew(cookie)).toBeTruthy();
    await auth().signOut(cookie);
    await expect(auth().renew(cookie)).rejects.toThrow("the session has ended");
    const ended = await (await getDb()).endedSession.findUniqueOrThrow({ where: { id: sid as string } });
    // the row outlives every copy: the token's expiry plus next-auth's tolerance on it
    expect(ended.expiresAt.getTime()).toBeGreaterThanOrEqual((exp + 15) * 1000);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(ended.expiresAt.getTime() + 1000);
    await expect(decodeSession({ token: cookie, secret })).rejects.toThrow(/exp/);
  });

  it("is not renewed for a disabled account, after its session version moved on, or without a sign-in time", async () => {
    const db = await getDb();
    const other = await f.upsertUser(db, { email: `session-${unique()}@test.local`, role: "annotator", password: "x" });
    const cookie = await auth().signIn({ id: other.id, email: other.email, sessionVersion: other.sessionVersion });
    await db.user.update({ where: { id: other.id }, data: { sessionVersion: { increment: 1 } } });
    await expect(auth().renew(cookie)).rejects.toThrow("the session has ended");
    const fresh = await auth().signIn({ id: other.id, email: other.email, sessionVersion: other.sessionVersion + 1 });
    expect(await auth().renew(fresh)).toBeTruthy();
    await db.user.update({ where: { id: other.id }, data: { disabled: true } });
    await expect(auth().renew(fresh)).rejects.toThrow("the session has ended");
    // a token from before sessions carried their sign-in time (next-auth's default 30 days)
    const { sat: _sat, ...older } = await claims(await auth().signIn(account));
    await expect(auth().renew(await encodeSession({ token: older, secret, maxAge: 30 * 24 * HOUR }))).rejects.toThrow(
      "the session has ended",
    );
  });
});
