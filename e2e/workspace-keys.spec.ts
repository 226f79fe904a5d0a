import { expect, test, type APIRequest, type APIRequestContext, type Page } from "@playwright/test";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { NUGGET_STUDY, USERS } from "./fixtures/world";

// The workspace never swallows a label: on every task type the annotator labels an item, writes a
// two-line comment (Shift+Enter for the new line, Enter to give the keys back), submits, goes back
// (←) to the item, which opens with the comment shown but the focus out of it, and relabels it with
// the keyboard only. The stored label is the new one, with the comment kept.
type Task = {
  taskType: "support" | "relevance" | "nugget_quality" | "preference";
  study: string;
  scale?: { kind: "builtin"; id: string };
  systems?: string[];
  first: string[];
  again: string[];
  /** What the API holds for the item after the relabelling. */
  expected: Record<string, unknown>;
};

const DEMO = "Harbor job queue (demo)";
const TASKS: Task[] = [
  {
    taskType: "support",
    study: DEMO,
    scale: { kind: "builtin", id: "binary" },
    first: ["1"],
    again: ["0"],
    expected: { level: "0" },
  },
  {
    taskType: "relevance",
    study: DEMO,
    scale: { kind: "builtin", id: "relevance-3" },
    first: ["3"],
    again: ["1"],
    expected: { level: "non_relevant" },
  },
  {
    taskType: "nugget_quality",
    study: NUGGET_STUDY.name,
    first: ["a", "1"],
    again: ["a", "j", "b", "2"],
    expected: { review: { missing: 2 } },
  },
  {
    taskType: "preference",
    study: DEMO,
    systems: ["rag-baseline", "rag-rerank"],
    first: ["1", "1", "1", "1"],
    again: ["2", "2", "2", "2"],
    expected: { preference: { choices: { coverage: "2", consistency: "2", correctness: "2", clarity: "2" } } },
  },
];

async function createCampaign(request: APIRequestContext, task: Task, annotatorId: number): Promise<number> {
  const studyId = await studyIdByName(request, task.study);
  const response = await request.post(`/api/studies/${studyId}/campaigns`, {
    data: {
      name: `Keys ${task.taskType} ${Date.now()}`,
      taskType: task.taskType,
      scale: task.scale ?? { kind: "builtin", id: "binary" },
      protocol: "blind",
      overlap: 1,
      annotatorIds: [annotatorId],
      sample: { kind: "random_questions", questions: 2, cap: 2 },
      seed: 7,
      ...(task.systems ? { systems: task.systems } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

const commentBox = (page: Page) => page.getByRole("textbox", { name: "Comment (optional)" });
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? "");

for (const task of TASKS) {
  test(`${task.taskType}: a revisited item with a comment is relabelled with the keyboard only`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInViaApi(admin, USERS.admin.email);
    const { users } = (await (await admin.get("/api/admin/users")).json()) as {
      users: { id: number; email: string }[];
    };
    const campaignId = await createCampaign(admin, task, users.find((u) => u.email === USERS.annotator.email)!.id);
    await admin.dispose();

    await signIn(page, USERS.annotator.email);
    await page.goto(`/annotate/${campaignId}`);
    await expect(page.getByTestId("item-position")).toBeVisible();
    // the help lists each key once (nugget quality once listed C for the count and for the comment)
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    const keys = await help.locator("dt kbd").allTextContents();
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    await expect(help).not.toContainText(/\bC: /); // C is the comment key, nothing else
    await expect(help.locator("dd").filter({ hasText: "comment" }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
    const items: number[] = [];
    for (const n of [1, 2]) {
      await expect(page.getByTestId("item-position")).toHaveText(
        new RegExp(`^Item ${n} of my ${n} · not labelled yet`),
      );
      items.push(Number(new URL(page.url()).searchParams.get("item")));
      for (const key of task.first) await page.keyboard.press(key);
      await page.keyboard.press("c");
      await expect(commentBox(page)).toBeFocused();
      await page.keyboard.type(`thought ${n}`);
      await page.keyboard.press("Shift+Enter");
      await page.keyboard.type("second line");
      await page.keyboard.press("Enter"); // keeps the comment, gives the keys back
      await expect(commentBox(page)).not.toBeFocused();
      await expect(commentBox(page)).toHaveValue(`thought ${n}\nsecond line`);
      await page.keyboard.press("Enter");
    }
    await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();

    // back from "nothing left" to the last item, then from one item to the one before: the keys stay on the labels
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("item-position")).toHaveText("Item 2 of my 2 · labelled (blind, version 1)");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("item-position")).toHaveText("Item 1 of my 2 · labelled (blind, version 1)");
    await expect(commentBox(page)).toHaveValue("thought 1\nsecond line");
    expect(await focusedTag(page)).not.toBe("TEXTAREA");
    for (const key of task.again) await page.keyboard.press(key);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("item-position")).toHaveText("Item 2 of my 2 · labelled (blind, version 1)");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("item-position")).toHaveText("Item 2 of my 2 · labelled (blind, version 1)");
    await expect(commentBox(page)).toHaveValue("thought 2\nsecond line");
    expect(await focusedTag(page)).not.toBe("TEXTAREA");
    for (const key of task.again) await page.keyboard.press(key);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
    await expect(page.getByText("All labels saved")).toBeVisible();

    for (const [i, itemId] of items.entries()) {
      const item = (await (await page.request.get(`/api/campaigns/${campaignId}/items/${itemId}`)).json()) as {
        mine: Record<string, unknown>[];
      };
      expect(item.mine).toHaveLength(1);
      expect(item.mine[0]).toMatchObject({ version: 2, comment: `thought ${i + 1}\nsecond line`, ...task.expected });
    }
  });
}

/** A new relevance campaign of two items for the annotator, opened in the workspace on its first. */
async function openNewRelevanceCampaign(page: Page, playwright: { request: APIRequest }, baseURL: string) {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const { users } = (await (await admin.get("/api/admin/users")).json()) as { users: { id: number; email: string }[] };
  const campaignId = await createCampaign(admin, TASKS[1]!, users.find((u) => u.email === USERS.annotator.email)!.id);
  await admin.dispose();
  await signIn(page, USERS.annotator.email);
  await page.goto(`/annotate/${campaignId}`);
  await expect(page.getByTestId("item-position")).toHaveText(/not labelled yet/);
}

test("Enter submits even when a button clicked with the mouse holds the focus", async ({
  page,
  playwright,
  baseURL,
}) => {
  await openNewRelevanceCampaign(page, playwright, baseURL!);
  await page.getByRole("radio", { name: /Partially relevant/ }).click();
  expect(await focusedTag(page)).toBe("BUTTON");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 2 of my 2 · not labelled yet/);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("item-position")).toHaveText("Item 1 of my 2 · labelled (blind, version 1)");
  await expect(page.getByRole("radio", { name: /Partially relevant/ })).toHaveAttribute("aria-checked", "true");
});

test("a level's key and Enter in one burst save the level just chosen, faster than the page can redraw", async ({
  page,
  playwright,
  baseURL,
}) => {
  await openNewRelevanceCampaign(page, playwright, baseURL!);
  await page.keyboard.press("1"); // non-relevant on screen, then relevant and Enter before any redraw
  await expect(page.getByRole("radio", { name: /Non-relevant/ })).toHaveAttribute("aria-checked", "true");
  await page.evaluate(() => {
    for (const key of ["3", "Enter"]) window.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  });
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 2 of my 2 · not labelled yet/);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("item-position")).toHaveText("Item 1 of my 2 · labelled (blind, version 1)");
  await expect(page.getByRole("radio", { name: /Relevant/ })).toHaveAttribute("aria-checked", "true");
});

test("while a label is saved and the next item loads, the line reads “updating…” beside “Saving…”, never “not labelled yet”", async ({
  page,
  playwright,
  baseURL,
}) => {
  await openNewRelevanceCampaign(page, playwright, baseURL!);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/campaigns/*/items/*/annotation", async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press("3");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /^Saving…/ })).toBeVisible();
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 1 of my \d · updating…$/); // my items so far: the next is not claimed yet
  release();
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 2 of my 2 · not labelled yet/);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("item-position")).toHaveText("Item 1 of my 2 · labelled (blind, version 1)");
});

/**
 * Presses `key` (a keydown on the window, as the workspace listens) the instant `text` is drawn: in
 * the same task as React's commit, before the browser paints or runs anything else. A key there must
 * act on the screen just drawn, never on the one before it.
 */
async function pressWhenDrawn(page: Page, text: string, key: string) {
  await page.evaluate(
    ([text, key]) => {
      const observer = new MutationObserver(() => {
        if (!document.body.textContent?.includes(text)) return;
        observer.disconnect();
        window.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [text, key] as const,
  );
}

test("an arrow pressed the instant a screen is drawn moves from that screen, not the one before", async ({
  page,
  playwright,
  baseURL,
}) => {
  await openNewRelevanceCampaign(page, playwright, baseURL!);
  await page.keyboard.press("3");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 2 of my 2 · not labelled yet/);
  await page.keyboard.press("3");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("item-position")).toHaveText("Item 2 of my 2 · labelled (blind, version 1)");

  // → from my last item finds nothing left; ← pressed as that is drawn goes back to my last item
  await pressWhenDrawn(page, "Nothing is left for you", "ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("item-position")).toHaveText("Item 2 of my 2 · labelled (blind, version 1)");
  // ← to my first item; → pressed as it is drawn goes on to the second, not past it
  await pressWhenDrawn(page, "Item 1 of my 2", "ArrowRight");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("item-position")).toHaveText("Item 2 of my 2 · labelled (blind, version 1)");
  await expect(page.getByText("Nothing is left for you in this campaign")).toHaveCount(0);
});
