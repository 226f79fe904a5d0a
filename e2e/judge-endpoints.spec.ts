import { expect, test } from "@playwright/test";
import { startFakeChatServer, type FakeChatServer } from "../test/fake-chat-server";
import { signIn } from "./fixtures/session";
import { USERS } from "./fixtures/world";

// The admin registers the judge endpoints LLM judges will call: one with a stored key, one reading
// its key from a server variable (playwright.config.ts sets ASSAY_JUDGE_KEY_E2E). A local
// OpenAI-compatible server stands in for the model and records the keys it is sent.
const STORED_KEY = "sk-e2e-stored-7f3c9a";
let model: FakeChatServer;
test.beforeAll(async () => {
  model = await startFakeChatServer({ answer: () => "OK" });
});
test.afterAll(() => model.close());

test("an admin registers endpoints, checks them with their keys, and never sees a key again", async ({ page }) => {
  const suffix = Date.now().toString(36);
  await signIn(page, USERS.admin.email);
  await page.goto("/admin/users");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Judge endpoints" }).click();
  await expect(page.getByRole("heading", { name: "Judge endpoints" })).toBeVisible();

  const register = async (name: string, fill: (form: ReturnType<typeof page.getByRole>) => Promise<void>) => {
    await page.getByRole("button", { name: "New endpoint" }).click();
    const form = page.getByRole("form", { name: "New endpoint" });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Model/).fill("qwen2.5:7b");
    await form.getByLabel(/^Base URL/).fill(model.url);
    await fill(form);
    await form.getByRole("button", { name: "Register endpoint" }).click();
    await expect(form).toBeHidden();
    return page.getByTestId(`endpoint-${name}`);
  };

  const stored = await register(`stored-${suffix}`, async (form) => {
    await form.getByLabel("Store it encrypted").check();
    await form.getByLabel(/^Key/).fill(STORED_KEY);
    await form.getByLabel(/^Input price per 1M tokens/).fill("0.15");
    await form.getByLabel(/^Output price per 1M tokens/).fill("0.6");
    await form.getByLabel(/^Calls at a time/).fill("16");
    await form.getByLabel(/^Calls per minute/).fill("600");
  });
  await expect(stored).toContainText("Stored, encrypted");
  await expect(stored).toContainText("0.15 in, 0.6 out");
  await expect(stored).toContainText("16 at a time, 600 per minute");
  await stored.getByRole("button", { name: "Check" }).click();
  await expect(stored.getByRole("status")).toContainText(/Answered in \d+ ms: “OK”/);
  expect(model.calls.at(-1)!.authorization).toBe(`Bearer ${STORED_KEY}`);

  // a change keeps the key unless the admin picks a new source
  await stored.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: `Edit stored-${suffix}` });
  await expect(edit.getByLabel(/^Calls at a time/)).toHaveValue("16");
  await expect(edit.getByLabel("Keep the current key (stored, encrypted)")).toBeChecked();
  await edit.getByLabel(/^Model/).fill("qwen2.5:14b");
  await edit.getByLabel(/^Calls per minute/).fill("120");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(stored).toContainText("qwen2.5:14b");
  await expect(stored).toContainText("16 at a time, 120 per minute");
  await stored.getByRole("button", { name: "Check" }).click();
  await expect.poll(() => model.calls.at(-1)!.body.model).toBe("qwen2.5:14b");
  expect(model.calls.at(-1)!.authorization).toBe(`Bearer ${STORED_KEY}`);

  const fromEnv = await register(`env-${suffix}`, async (form) => {
    await form.getByLabel(/^Variable/).fill("ASSAY_JUDGE_KEY_E2E");
  });
  await expect(fromEnv).toContainText("From ASSAY_JUDGE_KEY_E2E");
  await expect(fromEnv).toContainText("Not set (cost unknown)");
  await fromEnv.getByRole("button", { name: "Check" }).click();
  await expect(fromEnv.getByRole("status")).toContainText("“OK”");
  expect(model.calls.at(-1)!.authorization).toBe("Bearer sk-e2e-from-the-environment");

  const unset = await register(`unset-${suffix}`, async (form) => {
    await form.getByLabel(/^Variable/).fill("ASSAY_JUDGE_KEY_E2E_NOT_SET");
  });
  await expect(unset).toContainText("not set on this server");
  await unset.getByRole("button", { name: "Check" }).click();
  await expect(unset.getByRole("alert", { name: "Check failed" })).toContainText(
    "key is read from ASSAY_JUDGE_KEY_E2E_NOT_SET, which is not set on this server",
  );

  // only judge key variables: the server's own secrets are never sent anywhere
  await page.getByRole("button", { name: "New endpoint" }).click();
  const secret = page.getByRole("form", { name: "New endpoint" });
  await secret.getByLabel(/^Name/).fill(`secret-${suffix}`);
  await secret.getByLabel(/^Model/).fill("m");
  await secret.getByLabel(/^Base URL/).fill(model.url);
  await secret.getByLabel(/^Variable/).fill("NEXTAUTH_SECRET");
  await secret.getByRole("button", { name: "Register endpoint" }).click();
  await expect(secret.getByRole("alert", { name: "New endpoint error" })).toContainText(
    "NEXTAUTH_SECRET is one of Assay's own secrets, never a judge key",
  );
  await secret.getByRole("button", { name: "Cancel" }).click();
  expect(model.calls.every((c) => c.authorization !== "Bearer e2e-only-secret-0123456789abcdef0123456789")).toBe(true);

  // the keys appear nowhere: not in the page, not in what the API answers
  await page.reload();
  expect(await page.content()).not.toContain(STORED_KEY);
  expect(await page.content()).not.toContain("sk-e2e-from-the-environment");
  const listed = await (await page.request.get("/api/judging/endpoints")).text();
  expect(listed).toContain(`stored-${suffix}`);
  expect(listed).not.toContain(STORED_KEY);
  expect(listed).not.toContain("sk-e2e-from-the-environment");

  // a name is the admin's handle for an endpoint: a second one is refused, with the reason
  await page.getByRole("button", { name: "New endpoint" }).click();
  const form = page.getByRole("form", { name: "New endpoint" });
  await form.getByLabel(/^Name/).fill(`stored-${suffix}`);
  await form.getByLabel(/^Model/).fill("m");
  await form.getByLabel(/^Base URL/).fill(model.url);
  await form.getByLabel("None (a local server)").check();
  await form.getByRole("button", { name: "Register endpoint" }).click();
  await expect(form.getByRole("alert", { name: "New endpoint error" })).toContainText(
    `an endpoint named stored-${suffix} exists`,
  );
  await form.getByRole("button", { name: "Cancel" }).click();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId(`endpoint-unset-${suffix}`).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId(`endpoint-unset-${suffix}`)).toBeHidden();
  await expect(stored).toBeVisible();
});
