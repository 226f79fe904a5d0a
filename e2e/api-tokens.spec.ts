import { expect, test } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { IMPORT_STUDY, USERS } from "./fixtures/world";

const DEMO = "Harbor job queue (demo)";

// What docs/API.md's curl and Python examples do, as a pipeline would: a token made on the account page,
// then requests that carry only `Authorization: Bearer <token>`.
test("a researcher makes a token on the account page, a script pushes labels and pulls reports with it, and the token is revoked", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, USERS.researcher.email);
  const [demo, playground] = [
    await studyIdByName(page.request, DEMO),
    await studyIdByName(page.request, IMPORT_STUDY.name),
  ];
  await page.goto("/studies");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await page.getByRole("button", { name: "New token" }).click();
  const form = page.getByRole("form", { name: "New token" });
  await form.getByLabel("Name").fill("nightly pipeline");
  await form.getByLabel("Access").selectOption({ label: "Read and write" });
  await form.getByLabel("Expires after").fill("30");
  await form.getByLabel(DEMO).check();
  await form.getByLabel(IMPORT_STUDY.name).check();
  await form.getByRole("button", { name: "Create token" }).click();
  const secret = await page.getByTestId("new-token").inputValue();
  expect(secret).toMatch(/^assay_[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId("token-nightly pipeline");
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Never");

  // the script: no cookie, only the token
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  const studies = (await (await script.get("/api/studies")).json()) as { studies: { id: number; name: string }[] };
  expect(studies.studies.map((s) => s.name).sort()).toEqual([DEMO, IMPORT_STUDY.name].sort());
  const judges = (await (await script.get(`/api/studies/${demo}/judges`)).json()) as {
    judges: { name: string; kind: string; sets: { targetType: string; scale: string; labels: number }[] }[];
  };
  expect(judges.judges.find((j) => j.name === "gpt-4o")).toMatchObject({
    kind: "model",
    sets: [{ targetType: "nugget_document", scale: "binary", labels: 320 }],
  });
  const runs = (await (await script.get(`/api/studies/${demo}/runs`)).json()) as { runs: { system: string }[] };
  expect(runs.runs.map((r) => r.system)).toContain("bm25");
  const report = await script.get(`/api/studies/${demo}/reports/agreement?a=gpt-4o&b=solar-11b`);
  expect(report.status()).toBe(200);
  expect(JSON.stringify(await report.json())).toContain("cohen-kappa");
  const csv = await script.get(`/api/studies/${demo}/reports/agreement?a=gpt-4o&b=solar-11b&format=csv`);
  expect(csv.headers()["content-type"]).toContain("text/csv");

  // an LLM's labels pushed as TREC qrels: all or nothing, with a JSON summary
  const upload = (body: string) =>
    script.post(
      `/api/studies/${playground}/imports?format=trec-qrels&file=llm.qrels&judge=pipeline-llm&scale=graded-0-2`,
      { data: body, headers: { "content-type": "text/plain" } },
    );
  // a script is no browser: a token request from another origin is not refused as cross-site
  const pushed = await script.post(
    `/api/studies/${playground}/imports?format=trec-qrels&file=llm.qrels&judge=pipeline-llm&scale=graded-0-2`,
    { data: "seed-q 0 seed-d 2\n", headers: { "content-type": "text/plain", origin: "https://notebooks.example" } },
  );
  expect(pushed.status(), await pushed.text()).toBe(200);
  expect(await pushed.json()).toMatchObject({ format: "trec-qrels", judge: "pipeline-llm", added: { labels: 1 } });
  expect((await (await upload("seed-q 0 seed-d 2\n")).json()) as unknown).toMatchObject({ added: { labels: 0 } });
  const refused = await upload("seed-q 0 seed-d 2\nseed-q 0 nowhere 1\n");
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain(
    'llm.qrels line 2, field docid: unknown document \\"nowhere\\"',
  );
  const qrels = await script.get(`/api/studies/${playground}/exports?what=labels&format=trec-qrels&judge=pipeline-llm`);
  expect(await qrels.text()).toBe("seed-q 0 seed-d 2\n");

  // the account page shows the use; revoked, the token opens nothing
  await page.reload();
  await expect(row).not.toContainText("Never");
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toContainText("Revoked");
  const after = await script.get("/api/studies");
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ error: { message: "This API token was revoked" } });
  await script.dispose();
});
