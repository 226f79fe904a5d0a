import { expect, test } from "@playwright/test";
import { campaignIdByName } from "./fixtures/annotate-api";
import { violations } from "./fixtures/axe";
import { signIn, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

// Annotators work in Assay for hours: every main page of each role, at 1,280 and 390 px, has no
// serious or critical accessibility violation as axe-core (WCAG 2.1 A and AA rules) finds them.
const DEMO = "Harbor job queue (demo)";

type Pages = (ids: { study: number; campaign: number }) => string[];
// the researcher's pages in two tests (the reports open on a result, which axe reads whole), so none nears its timeout
const ROLES: { user: string; part: string; pages: Pages }[] = [
  {
    user: USERS.annotator.email,
    part: "",
    pages: ({ campaign }) => ["/annotate", `/annotate/${campaign}`, "/account"],
  },
  {
    user: USERS.researcher.email,
    part: " (the study)",
    pages: ({ study, campaign }) => [
      "/studies",
      `/studies/${study}`,
      `/studies/${study}/explorer`,
      `/studies/${study}/explorer/disagreements`,
      `/studies/${study}/judging`,
      `/studies/${study}/members`,
      `/studies/${study}/import-export`,
      `/studies/${study}/campaigns/new`,
      `/studies/${study}/campaigns/${campaign}`,
    ],
  },
  {
    user: USERS.researcher.email,
    part: " (the reports)",
    pages: ({ study }) => [
      `/studies/${study}/agreement`,
      `/studies/${study}/impact`,
      `/studies/${study}/corrected-estimates`,
      `/studies/${study}/nugget-quality`,
      `/studies/${study}/preferences`,
      `/studies/${study}/drift`,
    ],
  },
  { user: USERS.admin.email, part: "", pages: () => ["/admin/users", "/admin/judging"] },
];

for (const width of [1280, 390])
  for (const { user, part, pages } of ROLES)
    test(`${user}'s pages${part} at ${width} px have no serious or critical accessibility violation`, async ({
      page,
    }) => {
      test.setTimeout(360_000);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, USERS.admin.email);
      const study = await studyIdByName(page.request, DEMO);
      const campaign = await campaignIdByName(page.request, study, "Support calibration (demo)");
      await signIn(page, user);
      const found: string[] = [];
      for (const path of pages({ study, campaign })) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
    });
