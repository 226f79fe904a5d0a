// Personal API tokens: what is stored, who a token acts as, and everything that refuses one.
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken, tokenUser, TOKEN_REQUESTS_PER_MINUTE } from "@/lib/server/auth/api-token";
import { annotatorCampaign } from "@/lib/server/campaigns/campaign-access";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { listStudies } from "@/lib/server/studies/list-studies";
import { assertResearcherAccess } from "@/lib/server/studies/access";
import { buildWorld } from "@/test/db-world";
import { endSession } from "@/lib/server/db/ended-sessions";
import { sessionUserById } from "@/lib/server/db/users";
import { redeemPasswordLink } from "@/lib/server/users/redeem-password-link";
import { resetPassword } from "@/lib/server/users/reset-password";
import { updateUser } from "@/lib/server/users/update-user";
import { createApiToken } from "./create-api-token";
import { listApiTokens } from "./list-api-tokens";
import { revokeApiToken } from "./revoke-api-token";

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld(await getDb());
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.code}: ${e.message}` : String(e)),
  );
const token = (access: "read" | "read-write" = "read", studies = [world.study.id], user = world.researcher) =>
  createApiToken(user, { name: `t-${Math.random()}`, studies, access, expiresInDays: 30 });

describe("API tokens", () => {
  it("are shown once and stored as a SHA-256; the owner lists them without the secret", async () => {
    const created = await token("read-write");
    expect(created.secret).toMatch(/^assay_[A-Za-z0-9_-]{43}$/);
    const stored = await (await getDb()).apiToken.findUniqueOrThrow({ where: { id: created.token.id } });
    expect(stored.tokenHash).toBe(hashToken(created.secret));
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    const listed = await listApiTokens(world.researcher);
    expect(listed.tokens.find((t) => t.id === created.token.id)).toEqual({
      ...created.token,
      studies: [{ id: world.study.id, name: world.study.name }],
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.studies.map((s) => s.id)).toEqual([world.study.id]); // the studies a new token may name
  });

  it("act as their owner, narrowed to their studies, and know whether they may write", async () => {
    const db = await getDb();
    const admin = await createApiToken(world.admin, {
      name: "admin's",
      studies: [world.otherStudy.id],
      access: "read",
      expiresInDays: 1,
    });
    const caller = await tokenUser(admin.secret);
    expect(caller).toMatchObject({
      id: world.admin.id,
      role: "admin",
      token: { studies: [world.otherStudy.id], write: false },
    });
    await assertResearcherAccess(db, caller, world.otherStudy.id);
    // an admin opens every study, but this token names one
    expect(await refusal(assertResearcherAccess(db, caller, world.study.id))).toBe("not_found: Study not found");
    expect((await listStudies(caller)).map((s) => s.id)).toEqual([world.otherStudy.id]);
    // an annotator's token reaches the annotator's campaigns of its studies only
    const annotator = await tokenUser((await token("read-write", [world.study.id], world.annotator)).secret);
    expect((await annotatorCampaign(annotator, world.campaign.id)).id).toBe(world.campaign.id);
    const elsewhere = await createApiToken(world.outsider, {
      name: "outsider's",
      studies: [world.otherStudy.id],
      access: "read-write",
      expiresInDays: 5,
    });
    expect(await refusal(annotatorCampaign(await tokenUser(elsewhere.secret), world.campaign.id))).toBe(
      "not_found: Campaign not found",
    );
  });

  it("are refused when unknown, revoked, expired or their owner disabled, and record their last use once a minute", async () => {
    expect(await refusal(tokenUser("assay_nothing"))).toBe("unauthenticated: This API token is not valid");
    const created = await token();
    const at = new Date("2026-11-24T10:00:00.000Z");
    await tokenUser(created.secret, at);
    const db = await getDb();
    const used = async () => (await db.apiToken.findUniqueOrThrow({ where: { id: created.token.id } })).lastUsedAt;
    expect(await used()).toEqual(at);
    await tokenUser(created.secret, new Date(at.getTime() + 30_000));
    expect(await used()).toEqual(at); // not written again within the minute
    await tokenUser(created.secret, new Date(at.getTime() + 61_000));
    expect(await used()).toEqual(new Date(at.getTime() + 61_000));

    const revoked = await revokeApiToken(world.researcher, created.token.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await refusal(tokenUser(created.secret))).toBe("unauthenticated: This API token was revoked");
    expect(await refusal(revokeApiToken(world.annotator, created.token.id))).toBe("not_found: Token not found");

    const old = await createApiToken(
      world.researcher,
      { name: "old", studies: [world.study.id], access: "read", expiresInDays: 1 },
      new Date("2026-01-01T00:00:00.000Z"),
    );
    expect(await refusal(tokenUser(old.secret))).toBe("unauthenticated: This API token expired on 2026-01-02");

    const annotators = await token("read", [world.study.id], world.annotator);
    await db.user.update({ where: { id: world.annotator.id }, data: { disabled: true } });
    try {
      expect(await refusal(tokenUser(annotators.secret))).toBe(
        "unauthenticated: This API token belongs to a disabled account",
      );
    } finally {
      await db.user.update({ where: { id: world.annotator.id }, data: { disabled: false } });
    }
  });

  it("name only studies their owner belongs to", async () => {
    expect(await refusal(token("read", [world.otherStudy.id]))).toBe(
      `invalid: studies: you are not a member of study ${world.otherStudy.id}`,
    );
    expect(await refusal(token("read", []))).toMatch(/^invalid: .*choose at least one study/);
  });

  it("are limited to so many requests a minute, each", async () => {
    const [busy, calm] = [await token(), await token()];
    const at = new Date("2026-11-24T12:00:00.000Z");
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i++) await tokenUser(busy.secret, at);
    expect(await refusal(tokenUser(busy.secret, new Date(at.getTime() + 20_000)))).toBe(
      `rate_limited: This API token made more than ${TOKEN_REQUESTS_PER_MINUTE} requests in a minute; try again in 40 s`,
    );
    await tokenUser(calm.secret, at); // another token is not held back
    await tokenUser(busy.secret, new Date(at.getTime() + 60_000)); // nor this one, a minute on
  });

  it("end with the password, the account or the role they were made under; signing out of a browser leaves them", async () => {
    const db = await getDb();
    const w = await buildWorld(db);
    const live = async () => {
      const made = await token("read", [w.study.id], w.researcher);
      expect((await tokenUser(made.secret)).id).toBe(w.researcher.id);
      return made.secret;
    };
    const revoked = (secret: string) => refusal(tokenUser(secret));

    // a password reset (set by an admin, or by a reset link)
    let secret = await live();
    await resetPassword(w.researcher.id, "a brand new passphrase");
    expect(await revoked(secret)).toBe("unauthenticated: This API token was revoked");
    secret = await live();
    const { link } = await resetPassword(w.researcher.id, undefined);
    expect(await revoked(secret)).toBe("unauthenticated: This API token was revoked");
    secret = await live();
    await redeemPasswordLink(link!.path.split("/").pop()!, "chosen through the link");
    expect(await revoked(secret)).toBe("unauthenticated: This API token was revoked");

    // a disabling, which enabling again does not undo
    secret = await live();
    await updateUser(w.admin, w.researcher.id, { disabled: true });
    await updateUser(w.admin, w.researcher.id, { disabled: false });
    expect(await revoked(secret)).toBe("unauthenticated: This API token was revoked");

    // a change of role; a change of name alone keeps it
    secret = await live();
    await updateUser(w.admin, w.researcher.id, { name: "Renamed" });
    expect((await tokenUser(secret)).id).toBe(w.researcher.id);
    await updateUser(w.admin, w.researcher.id, { role: "admin" });
    expect(await revoked(secret)).toBe("unauthenticated: This API token was revoked");

    // a session's end is not the token's: the browser's sign-out records only that session
    await updateUser(w.admin, w.researcher.id, { role: "researcher" });
    secret = await live();
    await endSession(`sid-${w.id}`, w.researcher.id, new Date(Date.now() + 60_000));
    expect((await tokenUser(secret)).id).toBe(w.researcher.id);
    expect((await sessionUserById(w.researcher.id, `sid-${w.id}`))!.ended).toBe(true);
    expect((await sessionUserById(w.researcher.id, `another-${w.id}`))!.ended).toBe(false);
  });
});
