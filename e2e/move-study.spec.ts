import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures/session";
import { USERS } from "./fixtures/world";

const DEMO = "Harbor job queue (demo)";

test("a researcher moves a study from another server, with its campaigns and its people, and an admin lets one of them in", async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.researcher.email);
  await page.goto("/studies");
  await page.getByRole("link", { name: DEMO }).click();
  await page.getByRole("link", { name: "Import and export" }).click();
  const exportPanel = page.getByRole("region", { name: "Export" });
  await exportPanel.getByLabel("What").selectOption("study");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    exportPanel.getByRole("button", { name: "Download" }).click(),
  ]);
  // the bundle comes from another server, whose people this one has never seen: the demo's accounts under another domain
  const elsewhere = `elsewhere-${randomUUID().slice(0, 8)}.test`;
  const text = (await (await download.createReadStream()).toArray())
    .join("")
    .replaceAll("@assay.local", `@${elsewhere}`);
  const people = [...text.matchAll(/"type":"user","email":"([^"]+)"/g)].map((m) => m[1]!);
  expect(people).toContain(`expert@${elsewhere}`);

  const name = `Harbor moved ${randomUUID().slice(0, 6)}`;
  await page.goto("/studies");
  await page.getByRole("button", { name: "New study" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create study" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.getByRole("link", { name: "Import and export" }).click();
  const panel = page.getByRole("region", { name: "Import" });
  await panel.getByLabel("Format").selectOption({ label: "Assay study bundle (JSONL)" });
  const file = {
    name: "harbor-demo-study.assay.jsonl",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from(text),
  };
  await panel.getByLabel("File").setInputFiles(file);
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  const result = panel.getByTestId("import-result");
  // other tests add campaigns and labels to the demo: its content is fixed, its work grows
  await expect(result).toContainText(
    /Added 10 questions, 32 nuggets, 80 chunks, .* \d+ members, \d+ campaigns, \d+ campaign items, \d+ seats, \d+ annotations\./,
  );
  await expect(panel.getByTestId("created-accounts")).toHaveText(
    `New accounts, disabled with no password until an admin enables them and sends an invite link: ${people.join(", ")}.`,
  );
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(result).toContainText("Nothing new: the study already had all of it.");

  // the campaigns came with their work: the finished expert check is there, done
  await page.goto("/studies");
  await page.getByRole("link", { name }).click();
  const campaigns = page.getByRole("list", { name: "Campaigns" });
  await expect(campaigns).toContainText("Expert check of gpt-4o (demo, finished)");
  await expect(campaigns).toContainText("Answer comparison (demo, finished)");

  // the admin finds the expert disabled, enables the account and makes a link to set its password
  const colleague = `expert@${elsewhere}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, USERS.admin.email);
  await admin.goto("/admin/users");
  const row = admin.getByTestId(`user-${colleague}`);
  await expect(row).toContainText("Disabled");
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(row).toContainText("Invited (no password yet)");
  await row.getByRole("button", { name: "Reset password" }).click();
  await admin
    .getByRole("form", { name: `Reset the password of ${colleague}` })
    .getByRole("button")
    .click();
  expect(await admin.getByTestId("password-link").inputValue()).toMatch(/\/(invite|reset)\/[A-Za-z0-9_-]{43}$/);
});
