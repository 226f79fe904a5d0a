import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { campaignIdByName } from "./fixtures/annotate-api";
import { signInViaApi, studyIdByName } from "./fixtures/session";
import { OUTSIDER, USERS } from "./fixtures/world";

// Every API route (but skipping an item, which the campaign spec covers, and next-auth's own) and
// every page against every kind of caller. A cell is "allow" (the request passes the
// role and membership checks: 2xx, or 400 for a deliberately empty body) or "deny" (401 / 403 / 404
// from the API; the sign-in redirect or 404 for pages). Mutations are sent with empty bodies or
// to targets that do not change state, so the matrix leaves the data as it was.
const ACTORS = ["anonymous", "outsider", "annotator", "researcher", "admin"] as const;
type Actor = (typeof ACTORS)[number];
type Cell = "allow" | "deny";
const EMAIL: Record<Exclude<Actor, "anonymous">, string> = {
  outsider: OUTSIDER.email,
  annotator: USERS.annotator.email,
  researcher: USERS.researcher.email,
  admin: USERS.admin.email,
};

/** anonymous, annotator of another study, annotator, researcher, admin */
const row = (cells: string): Record<Actor, Cell> =>
  Object.fromEntries(ACTORS.map((a, i) => [a, cells[i] === "Y" ? "allow" : "deny"])) as Record<Actor, Cell>;
const STAFF = row("---YY");
const SIGNED_IN = row("-YYYY");
const ANNOTATOR_OF_CAMPAIGN = row("--Y--");
const ADMIN = row("----Y");
const EVERYONE = row("YYYYY");

let ids: { study: number; campaign: number; item: number };

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const study = await studyIdByName(admin, "Harbor job queue (demo)");
  const campaign = await campaignIdByName(admin, study, "Support calibration (demo)");
  await admin.dispose();
  // the annotator's first item of the demo campaign (claiming an item they already hold changes nothing)
  const annotator = await playwright.request.newContext({ baseURL });
  await signInViaApi(annotator, USERS.annotator.email);
  const workspace = (await (await annotator.get(`/api/campaigns/${campaign}/workspace`)).json()) as {
    items: { itemId: number }[];
  };
  const item =
    workspace.items[0]?.itemId ??
    ((await (await annotator.post(`/api/campaigns/${campaign}/claim`)).json()) as { itemId: number }).itemId;
  await annotator.dispose();
  ids = { study, campaign, item };
});

async function as(
  actor: Actor,
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
) {
  const context = await playwright.request.newContext({ baseURL });
  if (actor !== "anonymous") await signInViaApi(context, EMAIL[actor]);
  return context;
}

test("API routes: every caller gets exactly the access the matrix says", async ({ playwright, baseURL }) => {
  const s = () => ids.study;
  const c = () => ids.campaign;
  const routes: {
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    path: () => string;
    expect: Record<Actor, Cell>;
    data?: unknown;
  }[] = [
    { method: "GET", path: () => "/api/studies", expect: STAFF },
    { method: "POST", path: () => "/api/studies", expect: STAFF },
    { method: "GET", path: () => `/api/studies/${s()}/members`, expect: STAFF },
    { method: "POST", path: () => `/api/studies/${s()}/members`, expect: STAFF },
    // member 0 does not exist: a caller who passes the role check meets validation (400), nobody is changed
    { method: "PATCH", path: () => `/api/studies/${s()}/members/0`, expect: STAFF },
    { method: "DELETE", path: () => `/api/studies/${s()}/members/0`, expect: STAFF },
    { method: "POST", path: () => "/api/admin/users", expect: ADMIN },
    { method: "PATCH", path: () => "/api/admin/users/0", expect: ADMIN },
    // a password too short: refused by validation, never a reset
    { method: "POST", path: () => "/api/admin/users/0/password", expect: ADMIN, data: { password: "short" } },
    // the invite link is the credential (signed out is fine); a password too short changes nothing
    { method: "POST", path: () => `/api/invites/${"x".repeat(43)}`, expect: EVERYONE, data: { password: "short" } },
    { method: "GET", path: () => `/api/studies/${s()}`, expect: STAFF },
    { method: "POST", path: () => `/api/studies/${s()}/campaigns`, expect: STAFF },
    { method: "POST", path: () => `/api/studies/${s()}/campaigns/preview`, expect: STAFF },
    { method: "POST", path: () => `/api/studies/${s()}/imports`, expect: STAFF },
    { method: "POST", path: () => `/api/studies/${s()}/nuggets`, expect: STAFF },
    {
      method: "GET",
      path: () => `/api/studies/${s()}/exports?what=labels&format=trec-qrels&judge=gpt-4o`,
      expect: STAFF,
    },
    { method: "GET", path: () => `/api/studies/${s()}/reports/agreement?a=gpt-4o&b=solar-11b`, expect: STAFF },
    { method: "GET", path: () => `/api/studies/${s()}/reports/campaign-agreement?campaign=${c()}`, expect: STAFF },
    { method: "GET", path: () => `/api/studies/${s()}/reports/impact?a=gpt-4o&b=solar-11b`, expect: STAFF },
    { method: "GET", path: () => `/api/studies/${s()}/reports/resources?a=gpt-4o&b=solar-11b`, expect: STAFF },
    { method: "GET", path: () => `/api/studies/${s()}/reports/nugget-quality?campaign=${c()}`, expect: STAFF },
    { method: "GET", path: () => `/api/studies/${s()}/reports/preferences?source=gpt-4o`, expect: STAFF },
    { method: "GET", path: () => `/api/campaigns/${c()}/progress`, expect: STAFF },
    // empty bodies: no status, guidelines, annotators or action, so validation refuses them and nothing changes
    { method: "PATCH", path: () => `/api/campaigns/${c()}`, expect: STAFF },
    { method: "POST", path: () => `/api/campaigns/${c()}/items/${ids.item}/seats`, expect: STAFF },
    { method: "GET", path: () => "/api/admin/users", expect: ADMIN },
    { method: "GET", path: () => "/api/me/campaigns", expect: SIGNED_IN },
    { method: "GET", path: () => `/api/campaigns/${c()}/workspace`, expect: ANNOTATOR_OF_CAMPAIGN },
    { method: "GET", path: () => `/api/campaigns/${c()}/items/${ids.item}`, expect: ANNOTATOR_OF_CAMPAIGN },
    { method: "POST", path: () => `/api/campaigns/${c()}/claim`, expect: ANNOTATOR_OF_CAMPAIGN },
    // a well-formed save at a version that cannot be written: the annotator gets 409 (nothing stored), everyone else is refused
    { method: "PUT", path: () => `/api/campaigns/${c()}/items/${ids.item}/annotation`, expect: ANNOTATOR_OF_CAMPAIGN },
  ];
  const staleSave = {
    clientId: randomUUID(),
    phase: "blind",
    version: 99,
    payload: { level: "relevant" },
    comment: null,
    startedAt: new Date().toISOString(),
    durationMs: 1,
  };
  const failures: string[] = [];
  for (const actor of ACTORS) {
    const context = await as(actor, playwright, baseURL);
    for (const r of routes) {
      // empty bodies: a caller who passes the checks meets validation (400), never a change
      const data =
        r.data ??
        (r.method === "PUT"
          ? { ...staleSave, clientId: randomUUID() }
          : r.path().endsWith("/claim") || r.method === "DELETE"
            ? undefined
            : {});
      const response =
        r.method === "GET" ? await context.get(r.path()) : await context.fetch(r.path(), { method: r.method, data });
      const got: Cell = [401, 403, 404].includes(response.status()) ? "deny" : "allow";
      if (got !== r.expect[actor])
        failures.push(`${actor} ${r.method} ${r.path()}: ${response.status()} (expected ${r.expect[actor]})`);
      if (got === "deny" && actor !== "admin") expect(await response.text()).not.toContain("Harbor");
    }
    await context.dispose();
  }
  expect(failures).toEqual([]);
});

test("pages: every caller gets exactly the access the matrix says", async ({ browser }) => {
  const s = () => ids.study;
  const pages: { path: () => string; expect: Record<Actor, Cell> }[] = [
    { path: () => "/", expect: SIGNED_IN },
    { path: () => "/studies", expect: STAFF },
    ...[
      "",
      "/agreement",
      "/impact",
      "/resources",
      "/questions",
      "/disagreements",
      "/data",
      "/members",
      "/campaigns/new",
      "/nugget-quality",
      "/preferences",
      `/campaigns/${ids.campaign}`,
    ].map((suffix) => ({
      path: () => `/studies/${s()}${suffix}`,
      expect: STAFF,
    })),
    { path: () => "/annotate", expect: SIGNED_IN },
    { path: () => `/annotate/${ids.campaign}`, expect: ANNOTATOR_OF_CAMPAIGN },
    { path: () => "/admin/users", expect: ADMIN },
    { path: () => `/invite/${"x".repeat(43)}`, expect: EVERYONE }, // an unknown link says it expired, to anyone
  ];
  const failures: string[] = [];
  for (const actor of ACTORS) {
    const context = await browser.newContext();
    if (actor !== "anonymous") await signInViaApi(context.request, EMAIL[actor]);
    const page = await context.newPage();
    for (const p of pages) {
      const response = await page.goto(p.path());
      const denied = response?.status() === 404 || new URL(page.url()).pathname === "/signin";
      const got: Cell = denied ? "deny" : "allow";
      if (got !== p.expect[actor])
        failures.push(
          `${actor} ${p.path()}: ${response?.status()} at ${new URL(page.url()).pathname} (expected ${p.expect[actor]})`,
        );
    }
    await context.close();
  }
  expect(failures).toEqual([]);
});
