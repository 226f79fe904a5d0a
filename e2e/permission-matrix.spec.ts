import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { campaignIdByName } from "./fixtures/annotate-api";
import { signInViaApi, signOutViaApi, studyIdByName } from "./fixtures/session";
import {
  EXPIRED_TOKEN,
  IMPORT_STUDY,
  OUTSIDER,
  PASSWORD,
  PRIVATE_STUDY,
  USERS,
  worldIdsFile,
  type WorldIds,
} from "./fixtures/world";

// Every API route (but skipping an item, which the campaign spec covers, and next-auth's own) and
// every page against every kind of caller. A cell is "allow" (the request passes the
// role and membership checks: 2xx, or 400 for a deliberately empty body) or "deny" (401 / 403 / 404
// from the API; the sign-in redirect or 404 for pages). Mutations are sent with empty bodies or
// to targets that do not change state, so the matrix leaves the data as it was.
//
// The callers with an API token (`Authorization: Bearer`) come after the five with a session. A
// token acts as its owner (the researcher, or the annotator) narrowed to the token: its studies,
// GET only for a read token, never the routes only a person at the browser may call (`tokens:
// false`). Their API contexts also carry the admin's session cookie, which must change nothing: a
// token request is authenticated by the token alone. Pages never take a token.
//
// Sessions and tokens end when they should: a copy of a session cookie taken before its owner
// signed out is refused everywhere, as anonymous is; a token made by a researcher of the demo study
// whose password was then reset, whose account was disabled, or whose role was changed is refused
// as a revoked one; a token whose owner signed out of the browser lives on (a token is not a session).
const SESSION_ACTORS = ["anonymous", "outsider", "annotator", "researcher", "admin"] as const;
const TOKEN_ACTORS = [
  "read token",
  "read-write token",
  "token of another study",
  "expired token",
  "revoked token",
  "annotator's token",
  "admin's token",
  "token after a password reset",
  "token after a disable",
  "token after a role change",
  "token after its owner signed out",
] as const;
const ENDED = "cookie after sign-out";
const ACTORS = [...SESSION_ACTORS, ENDED, ...TOKEN_ACTORS] as const;
type SessionActor = (typeof SESSION_ACTORS)[number];
type TokenActor = (typeof TOKEN_ACTORS)[number];
type Actor = (typeof ACTORS)[number];
type Cell = "allow" | "deny";
const EMAIL: Record<Exclude<SessionActor, "anonymous">, string> = {
  outsider: OUTSIDER.email,
  annotator: USERS.annotator.email,
  researcher: USERS.researcher.email,
  admin: USERS.admin.email,
};

/** anonymous, annotator of another study, annotator, researcher, admin */
const row = (cells: string): Record<SessionActor, Cell> =>
  Object.fromEntries(SESSION_ACTORS.map((a, i) => [a, cells[i] === "Y" ? "allow" : "deny"])) as Record<
    SessionActor,
    Cell
  >;
const STAFF = row("---YY");
const SIGNED_IN = row("-YYYY");
const ANNOTATOR_OF_CAMPAIGN = row("--Y--");
const ADMIN = row("----Y");
const EVERYONE = row("YYYYY");
const NOBODY = row("-----");

// placeholders until beforeAll finds the ids: the test titles show the paths with these
let ids: Record<"study" | "campaign" | "item" | "private" | "goldCampaign" | "goldItem", number | string> = {
  study: ":study",
  campaign: ":campaign",
  item: ":item",
  private: ":private",
  goldCampaign: ":goldCampaign",
  goldItem: ":goldItem",
};
/** The cookies of the researcher's session that signed out (a copy an attacker might hold). */
let endedCookies: Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const study = await studyIdByName(admin, "Harbor job queue (demo)");
  const campaign = await campaignIdByName(admin, study, "Support calibration (demo)");
  const privateStudy = await studyIdByName(admin, PRIVATE_STUDY.name);
  // the annotator's first item of the demo campaign (claiming an item they already hold changes nothing)
  const annotator = await playwright.request.newContext({ baseURL });
  await signInViaApi(annotator, USERS.annotator.email);
  const workspace = (await (await annotator.get(`/api/campaigns/${campaign}/workspace`)).json()) as {
    items: { itemId: number }[];
  };
  const item =
    workspace.items[0]?.itemId ??
    ((await (await annotator.post(`/api/campaigns/${campaign}/claim`)).json()) as { itemId: number }).itemId;
  // the tokens: the researcher's on the demo study (read; read-write; one revoked), on the import
  // playground only, and the annotator's; the expired one is seeded
  const newToken = async (who: APIRequestContext, studies: number[], access: "read" | "read-write") => {
    const response = await who.post("/api/me/tokens", {
      data: { name: `matrix ${access}`, studies, access, expiresInDays: 1 },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { token: { id: number }; secret: string };
  };
  const researcher = await playwright.request.newContext({ baseURL });
  await signInViaApi(researcher, USERS.researcher.email);
  const playground = await studyIdByName(researcher, IMPORT_STUDY.name);
  const revoked = await newToken(researcher, [study], "read-write");
  expect((await researcher.delete(`/api/me/tokens/${revoked.token.id}`)).status()).toBe(200);
  tokens = {
    "read token": (await newToken(researcher, [study], "read")).secret,
    "read-write token": (await newToken(researcher, [study], "read-write")).secret,
    "token of another study": (await newToken(researcher, [playground], "read-write")).secret,
    "expired token": EXPIRED_TOKEN,
    "revoked token": revoked.secret,
  };
  await researcher.dispose();
  const annotatorAgain = await playwright.request.newContext({ baseURL });
  await signInViaApi(annotatorAgain, USERS.annotator.email);
  tokens["annotator's token"] = (await newToken(annotatorAgain, [study], "read-write")).secret;
  await annotatorAgain.dispose();

  // three researchers of the demo study, each with a read-write token; then the admin resets the
  // first one's password, disables the second's account, makes the third an admin
  const ended: Partial<Record<TokenActor, string>> = {};
  const events = {
    "token after a password reset": (id: number) =>
      admin.post(`/api/admin/users/${id}/password`, { data: { password: "a new passphrase" } }),
    "token after a disable": (id: number) => admin.patch(`/api/admin/users/${id}`, { data: { disabled: true } }),
    "token after a role change": (id: number) => admin.patch(`/api/admin/users/${id}`, { data: { role: "admin" } }),
  } as const;
  for (const [actor, event] of Object.entries(events)) {
    const email = `matrix-${randomUUID().slice(0, 8)}@team.example`;
    const created = await admin.post("/api/admin/users", { data: { email, role: "researcher", password: PASSWORD } });
    expect(created.status(), await created.text()).toBe(200);
    const { user } = (await created.json()) as { user: { id: number } };
    const added = await admin.post(`/api/studies/${study}/members`, { data: { email, role: "researcher" } });
    expect(added.status(), await added.text()).toBe(200);
    const owner = await playwright.request.newContext({ baseURL });
    await signInViaApi(owner, email);
    ended[actor as TokenActor] = (await newToken(owner, [study], "read-write")).secret;
    await owner.dispose();
    const done = await event(user.id);
    expect(done.status(), await done.text()).toBe(200);
  }
  Object.assign(tokens, ended);
  tokens["admin's token"] = (await newToken(admin, [study], "read-write")).secret;
  await admin.dispose();

  // the researcher signs in in one more place, makes a token there, and signs out of it
  const leaving = await playwright.request.newContext({ baseURL });
  await signInViaApi(leaving, USERS.researcher.email);
  tokens["token after its owner signed out"] = (await newToken(leaving, [study], "read-write")).secret;
  endedCookies = (await leaving.storageState()).cookies;
  await signOutViaApi(leaving);
  await leaving.dispose();
  const world = JSON.parse(fs.readFileSync(worldIdsFile(process.env.E2E_DATABASE_URL!), "utf8")) as WorldIds;
  ids = { study, campaign, item, private: privateStudy, goldCampaign: world.goldCampaign, goldItem: world.goldItem };
});

let tokens: Partial<Record<TokenActor, string>> = {};

const s = () => ids.study;
const c = () => ids.campaign;

type Route = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: () => string;
  expect: Record<SessionActor, Cell>;
  data?: unknown;
  /** False for the routes an API token may not call (the server's `tokens: false`). */
  tokens?: false;
};

/** A token caller's cell: its owner's, narrowed to the token (see the top of this file). */
function tokenCell(actor: TokenActor, r: Route): Cell {
  // a public route (an invite link is its own credential) takes no notice of a token
  if (r.expect.anonymous === "allow") return "allow";
  if (
    actor === "expired token" ||
    actor === "revoked token" ||
    actor === "token after a password reset" ||
    actor === "token after a disable" ||
    actor === "token after a role change"
  )
    return "deny";
  if (r.tokens === false) return r.expect.anonymous;
  const owner =
    actor === "annotator's token"
      ? r.expect.annotator
      : actor === "admin's token"
        ? r.expect.admin
        : r.expect.researcher;
  if (owner === "deny") return "deny";
  // the admin's token names the demo study only: an admin's reach narrowed to it
  if (actor === "admin's token" && r.path().startsWith(`/api/studies/${ids.private}`)) return "deny";
  if (actor === "read token" && r.method !== "GET") return "deny";
  const demo = r.path().startsWith(`/api/studies/${s()}`) || r.path().startsWith(`/api/campaigns/${c()}`);
  if (actor === "token of another study" && demo) return "deny";
  return "allow";
}
const cellOf = (actor: Actor, r: Route): Cell =>
  actor === ENDED
    ? r.expect.anonymous
    : (SESSION_ACTORS as readonly string[]).includes(actor)
      ? r.expect[actor as SessionActor]
      : tokenCell(actor as TokenActor, r);

const ROUTES: Route[] = [
  { method: "GET", path: () => "/api/openapi.json", expect: EVERYONE },
  { method: "GET", path: () => "/api/studies", expect: STAFF },
  { method: "POST", path: () => "/api/studies", expect: STAFF, tokens: false },
  { method: "GET", path: () => `/api/studies/${s()}/members`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/members`, expect: STAFF },
  // member 0 does not exist: a caller who passes the role check meets validation (400), nobody is changed
  { method: "PATCH", path: () => `/api/studies/${s()}/members/0`, expect: STAFF },
  { method: "DELETE", path: () => `/api/studies/${s()}/members/0`, expect: STAFF },
  { method: "POST", path: () => "/api/admin/users", expect: ADMIN, tokens: false },
  { method: "PATCH", path: () => "/api/admin/users/0", expect: ADMIN, tokens: false },
  // a password too short: refused by validation, never a reset
  {
    method: "POST",
    path: () => "/api/admin/users/0/password",
    expect: ADMIN,
    data: { password: "short" },
    tokens: false,
  },
  // the invite link is the credential (signed out is fine); a password too short changes nothing
  { method: "POST", path: () => `/api/invites/${"x".repeat(43)}`, expect: EVERYONE, data: { password: "short" } },
  { method: "GET", path: () => `/api/studies/${s()}`, expect: STAFF },
  // how the study's passages are shown: an empty body is refused by validation (400), nothing changes
  { method: "PATCH", path: () => `/api/studies/${s()}`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/judges`, expect: STAFF },
  // the explorer's pages' data: its question list, a question by its own id, the disagreements
  { method: "GET", path: () => `/api/studies/${s()}/questions?q=retry`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/questions/hq-101`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/disagreements`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/runs`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/campaigns`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/campaigns/preview`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/imports`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/nuggets`, expect: STAFF },
  // saving a reviewed nugget set: an empty body is refused by validation (400), nothing changes
  { method: "POST", path: () => `/api/studies/${s()}/nugget-sets`, expect: STAFF, data: {} },
  // grading a nugget: an empty body is refused by validation (400), nothing changes
  { method: "PUT", path: () => `/api/studies/${s()}/nuggets/importance`, expect: STAFF, data: {} },
  {
    method: "GET",
    path: () => `/api/studies/${s()}/exports?what=labels&format=trec-qrels&judge=gpt-4o`,
    expect: STAFF,
  },
  { method: "GET", path: () => `/api/studies/${s()}/reports/agreement?a=gpt-4o&b=solar-11b`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/reports/campaign-agreement?campaign=${c()}`, expect: STAFF },
  // annotator quality: the study's researchers only; the campaign's own annotators never see anyone's figures
  { method: "GET", path: () => `/api/studies/${s()}/reports/annotator-quality?campaign=${c()}`, expect: STAFF },
  // the Alternative Annotator Test: the study's researchers only, as every report; the annotators never reach it
  { method: "GET", path: () => `/api/studies/${s()}/reports/alt-test?campaign=${c()}`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/reports/impact?a=gpt-4o&b=solar-11b`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/reports/judge-agreement?reference=gpt-4o`, expect: STAFF },
  {
    method: "GET",
    path: () => `/api/studies/${s()}/reports/corrected-estimates?llm=gpt-4o&human=campaign:${c()}`,
    expect: STAFF,
  },
  // compared with itself: refused by validation (400) for a caller who passes the checks
  { method: "GET", path: () => `/api/studies/${s()}/reports/drift?snapshot=${s()}`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/reports/resources?a=gpt-4o&b=solar-11b`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/reports/nugget-quality?campaign=${c()}`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/reports/preferences?source=gpt-4o`, expect: STAFF },
  { method: "GET", path: () => `/api/campaigns/${c()}/progress`, expect: STAFF },
  // empty bodies: no status, guidelines, annotators or action, so validation refuses them and nothing changes
  { method: "PATCH", path: () => `/api/campaigns/${c()}`, expect: STAFF },
  { method: "POST", path: () => `/api/campaigns/${c()}/items/${ids.item}/seats`, expect: STAFF },
  { method: "GET", path: () => "/api/admin/users", expect: ADMIN, tokens: false },
  // researchers choose among the judge endpoints; only admins register, change, remove or call one
  // (endpoint 0 does not exist: an admin meets validation, 400, and nothing changes)
  { method: "GET", path: () => "/api/judging/endpoints", expect: STAFF },
  // (and an admin's read-write token may: scripts set Assay up; a researcher's token may not)
  { method: "POST", path: () => "/api/judging/endpoints", expect: ADMIN },
  { method: "PATCH", path: () => "/api/judging/endpoints/0", expect: ADMIN },
  { method: "DELETE", path: () => "/api/judging/endpoints/0", expect: ADMIN },
  { method: "POST", path: () => "/api/judging/endpoints/0/check", expect: ADMIN },
  // a study's researchers save its judge templates (in the browser) and run them; another study's templates are
  // not found for them (saving into another study: judge-templates.db.test.ts, as its body is validated first).
  // Empty bodies are refused by validation (400): nothing is saved, started or changed
  { method: "GET", path: () => `/api/studies/${s()}/judge-templates`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/judge-templates`, expect: STAFF, tokens: false },
  { method: "GET", path: () => `/api/studies/${ids.private}/judge-templates`, expect: ADMIN },
  { method: "GET", path: () => `/api/studies/${s()}/judge-runs`, expect: STAFF },
  { method: "GET", path: () => `/api/studies/${s()}/reports/calibration?human=campaign:${c()}`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/judge-runs`, expect: STAFF },
  { method: "PATCH", path: () => `/api/studies/${s()}/judge-runs/0`, expect: STAFF },
  { method: "POST", path: () => `/api/studies/${s()}/judge-runs/examples`, expect: STAFF },
  { method: "GET", path: () => "/api/me/campaigns", expect: SIGNED_IN },
  { method: "GET", path: () => "/api/me/tokens", expect: SIGNED_IN, tokens: false },
  { method: "POST", path: () => "/api/me/tokens", expect: SIGNED_IN, tokens: false },
  // token 0 does not exist: refused by validation (400), nothing is revoked
  { method: "DELETE", path: () => "/api/me/tokens/0", expect: SIGNED_IN, tokens: false },
  // adjudication: the campaign's researchers (and a member they name: lib/server/adjudication/adjudication.db.test.ts),
  // never its annotators. The item may wait for its second label (400); a decision on labels it never saw is
  // refused (409): nothing is decided
  { method: "GET", path: () => "/api/me/adjudications", expect: SIGNED_IN },
  { method: "GET", path: () => `/api/campaigns/${c()}/adjudication`, expect: STAFF },
  { method: "GET", path: () => `/api/campaigns/${c()}/adjudication/items/${ids.item}`, expect: STAFF },
  {
    method: "PUT",
    path: () => `/api/campaigns/${c()}/adjudication/items/${ids.item}`,
    expect: STAFF,
    data: { levels: { "qd:0:0": "1" }, reason: null, labelsToken: "never shown" },
  },
  // a gold item is never adjudicated, by anyone: not found, as an item outside the queue
  {
    method: "GET",
    path: () => `/api/campaigns/${ids.goldCampaign}/adjudication/items/${ids.goldItem}`,
    expect: NOBODY,
  },
  {
    method: "PUT",
    path: () => `/api/campaigns/${ids.goldCampaign}/adjudication/items/${ids.goldItem}`,
    expect: NOBODY,
    data: { levels: { "nd:0:0": "1" }, reason: null, labelsToken: "never shown" },
  },
  { method: "GET", path: () => `/api/campaigns/${c()}/workspace`, expect: ANNOTATOR_OF_CAMPAIGN },
  { method: "GET", path: () => `/api/campaigns/${c()}/items/${ids.item}`, expect: ANNOTATOR_OF_CAMPAIGN },
  { method: "POST", path: () => `/api/campaigns/${c()}/claim`, expect: ANNOTATOR_OF_CAMPAIGN },
  // a well-formed save at a version that cannot be written: the annotator gets 409 (nothing stored), everyone else is refused
  { method: "PUT", path: () => `/api/campaigns/${c()}/items/${ids.item}/annotation`, expect: ANNOTATOR_OF_CAMPAIGN },
];

const STALE_SAVE = {
  clientId: randomUUID(),
  phase: "blind",
  version: 99,
  payload: { level: "relevant" },
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 1,
};

const PAGES: { path: () => string; expect: Record<SessionActor, Cell> }[] = [
  { path: () => "/", expect: SIGNED_IN },
  { path: () => "/account", expect: SIGNED_IN },
  { path: () => "/studies", expect: STAFF },
  ...[
    "",
    "/agreement",
    "/impact",
    "/corrected-estimates",
    "/drift",
    "/resources",
    "/explorer",
    "/explorer/disagreements",
    "/import-export",
    "/members",
    "/campaigns/new",
    "/nugget-quality",
    "/annotator-quality",
    "/alt-test",
    "/preferences",
    "/judging",
    "/campaigns/:campaign",
  ].map((suffix) => ({
    path: () => `/studies/${s()}${suffix.replace(":campaign", String(c()))}`,
    expect: STAFF,
  })),
  { path: () => "/annotate", expect: SIGNED_IN },
  { path: () => `/annotate/${ids.campaign}`, expect: ANNOTATOR_OF_CAMPAIGN },
  { path: () => `/adjudicate/${ids.campaign}`, expect: STAFF },
  { path: () => "/admin/users", expect: ADMIN },
  { path: () => "/admin/judging", expect: ADMIN },
  { path: () => `/invite/${"x".repeat(43)}`, expect: EVERYONE }, // an unknown link says it expired, to anyone
];

// One test per cell: a slow cell times out alone and names itself. Each actor signs in once.
for (const actor of ACTORS) {
  test.describe(`as ${actor}`, () => {
    // api: the API routes' caller; pages: the pages' (a token caller's carries the token and no cookie)
    let api: APIRequestContext;
    let pages: APIRequestContext;
    test.beforeAll(async ({ playwright, baseURL }) => {
      const token = tokens[actor as TokenActor];
      const headers = token ? { authorization: `Bearer ${token}` } : undefined;
      const storageState = actor === ENDED ? { cookies: endedCookies, origins: [] } : undefined;
      if (actor === ENDED) {
        // a renewal is tried first (GET /api/auth/session): it must not bring the session back
        const renewing = await playwright.request.newContext({ baseURL, storageState });
        expect(await (await renewing.get("/api/auth/session")).json()).toEqual({});
        await renewing.dispose();
      }
      api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers, storageState });
      pages = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers, storageState });
      if (actor === ENDED) expect(endedCookies.some((c) => c.name.includes("session-token"))).toBe(true);
      else if (token)
        await signInViaApi(api, USERS.admin.email); // a cookie the token request must ignore
      else if (actor !== "anonymous") {
        await signInViaApi(api, EMAIL[actor as Exclude<SessionActor, "anonymous">]);
        await signInViaApi(pages, EMAIL[actor as Exclude<SessionActor, "anonymous">]);
      }
    });
    test.afterAll(async () => {
      await api.dispose();
      await pages.dispose();
    });

    for (const [index, r] of ROUTES.entries()) {
      test(`${r.method} ${r.path()} (API route ${index + 1}): ${cellOf(actor, r)}`, async () => {
        // empty bodies: a caller who passes the checks meets validation (400), never a change
        const data =
          r.data ??
          (r.method === "PUT"
            ? { ...STALE_SAVE, clientId: randomUUID() }
            : r.path().endsWith("/claim") || r.method === "DELETE"
              ? undefined
              : {});
        const response =
          r.method === "GET" ? await api.get(r.path()) : await api.fetch(r.path(), { method: r.method, data });
        const got: Cell = [401, 403, 404].includes(response.status()) ? "deny" : "allow";
        expect(got, `${actor} ${r.method} ${r.path()}: ${response.status()}`).toBe(cellOf(actor, r));
        if (got === "deny" && actor !== "admin") expect(await response.text()).not.toContain("Harbor");
      });
    }

    // pages take no token: one token caller shows it (the others would only repeat the anonymous column)
    const pageCells = (TOKEN_ACTORS as readonly string[]).includes(actor) && actor !== "read-write token" ? [] : PAGES;
    for (const p of pageCells) {
      const expected = cellOf(actor, { method: "GET", path: p.path, expect: p.expect, tokens: false });
      // the page as the server answers it (redirects followed, no rendering): its guard runs on the
      // server, before anything is streamed, so a refusal is a 404 or a redirect to sign-in
      test(`page ${p.path()}: ${expected}`, async () => {
        const response = await pages.get(p.path());
        const at = new URL(response.url()).pathname;
        const denied = response.status() === 404 || at === "/signin";
        const got: Cell = denied ? "deny" : "allow";
        expect(got, `${actor} ${p.path()}: ${response.status()} at ${at}`).toBe(expected);
        if (got === "deny" && actor !== "admin") expect(await response.text()).not.toContain("Harbor");
      });
    }
  });
}
