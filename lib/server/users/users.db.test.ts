import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { unique } from "@/test/db-tier";
import { createAccount } from "./create-account";
import { createUser } from "./create-user";
import { listUsers } from "./list-users";
import { describePasswordLink, redeemPasswordLink } from "./redeem-password-link";
import { resetPassword } from "./reset-password";
import { updateUser } from "./update-user";
import { verifyCredentials } from "./verify-credentials";

describe("createUser and verifyCredentials", () => {
  const email = `Mixed.Case-${unique()}@Test.Local`;
  beforeAll(() => createUser({ email, role: "researcher", password: "a long passphrase" }));

  it("stores a lower-cased email and a scrypt hash, never the password", async () => {
    const db = await getDb();
    const row = await db.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.passwordHash).not.toContain("a long passphrase");
  });

  it("accepts the right password, with the email in any case", async () => {
    const user = await verifyCredentials(email.toUpperCase(), "a long passphrase");
    expect(user).toMatchObject({ email: email.toLowerCase(), role: "researcher", sessionVersion: 0 });
    expect(user).not.toHaveProperty("passwordHash");
  });

  it("rejects a wrong password and an unknown email", async () => {
    expect(await verifyCredentials(email, "a long passphrasE")).toBeNull();
    expect(await verifyCredentials(`nobody-${unique()}@test.local`, "a long passphrase")).toBeNull();
  });

  it("refuses a second user with the same email as a conflict", async () => {
    await expect(
      createUser({ email: email.toLowerCase(), role: "annotator", password: "another passphrase" }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("refuses bad input naming the field", async () => {
    const error = await createUser({ email: "not-an-email", role: "annotator", password: "long enough" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^email: /);
    await expect(
      createUser({ email: `x-${unique()}@test.local`, role: "annotator", password: "short" }),
    ).rejects.toThrow(/password: /);
  });

  it("lists users without their hashes", async () => {
    const users = await listUsers();
    const me = users.find((u) => u.email === email.toLowerCase());
    expect(me).toEqual({
      id: expect.any(Number),
      email: email.toLowerCase(),
      name: expect.any(String),
      role: "researcher",
      disabled: false,
      invited: false,
      studies: 0,
    });
  });
});

describe("accounts an admin manages", () => {
  const email = () => `account-${unique()}@test.local`;

  it("invites: an account with no password, a one-time link that sets it, then sign-in works", async () => {
    const address = email();
    const created = await createAccount({ email: address, role: "annotator" }, new Date("2026-01-01T00:00:00Z"));
    expect(created.user).toMatchObject({ email: address, invited: true, disabled: false });
    expect(created.link!.path).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(created.link!.expiresAt).toBe("2026-01-08T00:00:00.000Z");
    expect(await verifyCredentials(address, "")).toBeNull();
    const token = created.link!.path.split("/").pop()!;
    expect(await describePasswordLink(token, new Date("2026-01-07T00:00:00Z"))).toEqual({
      email: address,
      purpose: "invite",
    });
    expect(await describePasswordLink(token, new Date("2026-01-08T00:00:01Z"))).toBeNull();
    await expect(redeemPasswordLink(token, "short", new Date("2026-01-02T00:00:00Z"))).rejects.toThrow(
      /password: Passwords need at least 8 characters/,
    );
    expect(await redeemPasswordLink(token, "a chosen passphrase", new Date("2026-01-02T00:00:00Z"))).toEqual({
      email: address,
    });
    expect(await verifyCredentials(address, "a chosen passphrase")).toMatchObject({ email: address });
    // used once: never again
    await expect(redeemPasswordLink(token, "another passphrase", new Date("2026-01-02T00:00:00Z"))).rejects.toThrow(
      /expired or was already used/,
    );
    expect(await describePasswordLink(token, new Date("2026-01-02T00:00:00Z"))).toBeNull();
  });

  it("refuses an invite link after 7 days", async () => {
    const created = await createAccount({ email: email(), role: "researcher" }, new Date("2026-01-01T00:00:00Z"));
    const token = created.link!.path.split("/").pop()!;
    await expect(redeemPasswordLink(token, "too late now", new Date("2026-01-08T00:00:01Z"))).rejects.toThrow(
      /expired/,
    );
  });

  it("resets a password: the old one stops working and the session version moves on (each time it changes)", async () => {
    const address = email();
    const { user } = await createAccount({ email: address, role: "researcher", password: "the first one" });
    const before = (await verifyCredentials(address, "the first one"))!.sessionVersion;
    expect(await resetPassword(user.id, "the second one")).toEqual({ link: null });
    expect(await verifyCredentials(address, "the first one")).toBeNull();
    expect((await verifyCredentials(address, "the second one"))!.sessionVersion).toBe(before + 1);
    const { link } = await resetPassword(user.id, undefined);
    expect(await verifyCredentials(address, "the second one")).toBeNull();
    await redeemPasswordLink(link!.path.split("/").pop()!, "the third one");
    expect((await verifyCredentials(address, "the third one"))!.sessionVersion).toBe(before + 3);
    // a change of role ends sessions too; a change of name does not
    const admin = await createUser({ email: email(), role: "admin", password: "admin passphrase" });
    await updateUser(admin, user.id, { name: "Someone else" });
    expect((await verifyCredentials(address, "the third one"))!.sessionVersion).toBe(before + 3);
    await updateUser(admin, user.id, { role: "annotator" });
    expect((await verifyCredentials(address, "the third one"))!.sessionVersion).toBe(before + 4);
  });

  it("disables and enables an account; an admin cannot disable or demote themselves", async () => {
    const address = email();
    const { user } = await createAccount({ email: address, role: "researcher", password: "still the same" });
    const admin = await createUser({ email: email(), role: "admin", password: "admin passphrase" });
    expect(await updateUser(admin, user.id, { disabled: true })).toMatchObject({ disabled: true });
    expect(await verifyCredentials(address, "still the same")).toBeNull();
    expect(await updateUser(admin, user.id, { disabled: false, role: "annotator" })).toMatchObject({
      disabled: false,
      role: "annotator",
    });
    // the disabling ended the sessions once, the change of role once more
    expect(await verifyCredentials(address, "still the same")).toMatchObject({ role: "annotator", sessionVersion: 2 });
    await expect(updateUser(admin, admin.id, { disabled: true })).rejects.toThrow(/your own/);
    await expect(updateUser(admin, admin.id, { role: "researcher" })).rejects.toThrow(/your own admin role/);
  });

  it("keeps a study's researcher a researcher account", async () => {
    const db = await getDb();
    const admin = await createUser({ email: email(), role: "admin", password: "admin passphrase" });
    const { user } = await createAccount({ email: email(), role: "researcher", password: "researching" });
    const study = await db.study.create({ data: { slug: `s-${unique()}`, name: `S ${unique()}` } });
    await db.studyMember.create({ data: { studyId: study.id, userId: user.id, role: "researcher" } });
    await expect(updateUser(admin, user.id, { role: "annotator" })).rejects.toThrow(/is a researcher of 1 study/);
  });
});
