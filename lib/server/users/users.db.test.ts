import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { unique } from "@/test/db-tier";
import { createUser } from "./create-user";
import { listUsers } from "./list-users";
import { verifyCredentials } from "./verify-credentials";

afterAll(closeDb);

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
    expect(user).toMatchObject({ email: email.toLowerCase(), role: "researcher" });
    expect(user).not.toHaveProperty("passwordHash");
  });

  it("rejects a wrong password and an unknown email", async () => {
    expect(await verifyCredentials(email, "a long passphrasE")).toBeNull();
    expect(await verifyCredentials(`nobody-${unique()}@test.local`, "a long passphrase")).toBeNull();
  });

  it("refuses a second user with the same email as a conflict", async () => {
    await expect(createUser({ email: email.toLowerCase(), role: "annotator", password: "another passphrase" })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("refuses bad input naming the field", async () => {
    const error = await createUser({ email: "not-an-email", role: "annotator", password: "long enough" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^email: /);
    await expect(createUser({ email: `x-${unique()}@test.local`, role: "annotator", password: "short" })).rejects.toThrow(/password: /);
  });

  it("lists users without their hashes", async () => {
    const users = await listUsers();
    const me = users.find((u) => u.email === email.toLowerCase());
    expect(me).toEqual({ id: expect.any(Number), email: email.toLowerCase(), name: expect.any(String), role: "researcher", studies: 0 });
  });
});
