import { describe, expect, it } from "vitest";
import {
  campaignMajority,
  correctedLabels,
  dawidSkeneLabels,
  ensembleLabels,
  fusedLabels,
  latestLevels,
  perNuggetAnnotations,
} from "./derive-labels";
import { dawidSkene } from "../aggregation/dawid-skene";
import type { SetLabel } from "./label-set";

const label = (targetKey: string, value: string, scale = "feb4rag-0-3"): SetLabel => ({
  targetKey,
  value,
  scale,
  queryId: 1,
  nuggetId: null,
  criterion: null,
});
const source = (...labels: SetLabel[]) => new Map(labels.map((l) => [l.targetKey, l]));

describe("derived label sets", () => {
  it("fuse two LLMs on the targets both labelled on one scale, the mean's closest level with ties down", () => {
    const fused = fusedLabels(
      source(label("t1", "0"), label("t2", "3"), label("t3", "1"), label("t4", "1", "binary")),
      source(label("t1", "1"), label("t2", "2"), label("t4", "1")),
    );
    // t1: mean 0.5 ties down to 0; t2: 2.5 ties down to 2; t3: only one LLM; t4: different scales
    expect([...fused.values()].map((l) => [l.targetKey, l.value])).toEqual([
      ["t1", "0"],
      ["t2", "2"],
    ]);
  });

  it("correct an LLM with the people's majority, keeping its label on a tie and where people did not judge", () => {
    const human = (targetKey: string, judge: string, value: string) => ({ targetKey, judge, value, scale: "binary" });
    const corrected = correctedLabels(
      source(label("t1", "1", "binary"), label("t2", "1", "binary"), label("t3", "0", "binary")),
      [
        human("t1", "ann", "0"),
        human("t1", "bea", "0"),
        human("t2", "ann", "0"),
        human("t2", "bea", "1"),
        human("t9", "ann", "1"),
      ],
    );
    expect([...corrected.values()].map((l) => [l.targetKey, l.value])).toEqual([
      ["t1", "0"],
      ["t2", "1"],
      ["t3", "0"],
    ]);
  });

  it("take a campaign's majority from each annotator's latest label, leaving ties out", () => {
    const annotation = (targetKey: string, userId: number, phase: string, level: string) => ({
      targetKey,
      queryId: 1,
      nuggetId: 2,
      userId,
      phase,
      payload: JSON.stringify({ level }),
    });
    const { labels: majority, ties } = campaignMajority(
      [
        annotation("t1", 1, "blind", "0"),
        annotation("t1", 1, "revised", "1"), // the revision counts, not the blind label
        annotation("t1", 2, "blind", "1"),
        annotation("t2", 1, "blind", "0"),
        annotation("t2", 2, "blind", "1"), // a tie
      ],
      "binary",
    );
    expect(ties).toBe(1);
    expect([...majority.values()]).toEqual([
      { targetKey: "t1", scale: "binary", value: "1", queryId: 1, nuggetId: 2, criterion: null },
    ]);
  });
});

describe("ensembleLabels", () => {
  const judge = (scale: string, values: Record<string, string>) =>
    new Map(Object.entries(values).map(([key, value]) => [key, label(key, value, scale)]));

  it("takes the lower median of ordinal labels and the majority of binary ones, counting ties", () => {
    const graded = [
      judge("trec-dl-0-3", { t1: "3", t2: "0", t3: "2", only1: "1" }),
      judge("trec-dl-0-3", { t1: "1", t2: "2", t3: "2" }),
      judge("trec-dl-0-3", { t1: "2", t2: "3", t3: "0" }),
      judge("trec-dl-0-3", { t1: "0", t2: "3", t3: "1" }),
    ];
    const ordinal = ensembleLabels(graded);
    // t1: 0 1 2 3 -> lower middle 1; t2: 0 2 3 3 -> 2; t3: 0 1 2 2 -> 1; only1 is not labelled by all
    expect(new Map([...ordinal.labels].map(([k, l]) => [k, l.value]))).toEqual(
      new Map([
        ["t1", "1"],
        ["t2", "2"],
        ["t3", "1"],
      ]),
    );
    expect(ordinal.ties).toBe(0);

    const binary = ensembleLabels([
      judge("binary", { a: "1", b: "1", c: "0" }),
      judge("binary", { a: "1", b: "0", c: "0" }),
      judge("binary", { a: "0", b: "1" }),
    ]);
    expect(new Map([...binary.labels].map(([k, l]) => [k, l.value]))).toEqual(
      new Map([
        ["a", "1"],
        ["b", "1"],
      ]),
    );
    const pair = ensembleLabels([judge("binary", { a: "1", b: "0" }), judge("binary", { a: "0", b: "0" })]);
    expect(pair.ties).toBe(1);
    expect([...pair.labels.keys()]).toEqual(["b"]);
  });

  it("takes the majority of preference choices, a tie giving none", () => {
    const { labels, ties } = ensembleLabels([
      judge("preference", { p: "a", q: "a", r: "b" }),
      judge("preference", { p: "a", q: "b", r: "none" }),
      judge("preference", { p: "b", q: "none", r: "none" }),
    ]);
    expect(new Map([...labels].map(([k, l]) => [k, l.value]))).toEqual(
      new Map([
        ["p", "a"],
        ["r", "none"],
      ]),
    );
    expect(ties).toBe(1);
  });
});

describe("each annotator's latest level", () => {
  const row = (targetKey: string, userId: number, phase: string, payload: string) => ({
    targetKey,
    queryId: 1,
    nuggetId: null,
    userId,
    phase,
    payload,
  });
  it("keeps a revision over the blind label, in either order, and skips payloads without a level", () => {
    const rows = [
      row("t1", 1, "blind", '{"level":"0"}'),
      row("t1", 1, "revised", '{"level":"1"}'),
      row("t2", 1, "revised", '{"level":"1"}'),
      row("t2", 1, "blind", '{"level":"0"}'),
      row("t1", 2, "blind", '{"level":"0"}'),
      row("q:1", 3, "blind", '{"marks":[]}'),
    ];
    expect(latestLevels(rows).map((l) => [l.row.targetKey, l.row.userId, l.value])).toEqual([
      ["t1", 1, "1"],
      ["t2", 1, "1"],
      ["t1", 2, "0"],
    ]);
  });
});

describe("a nugget assignment's annotations, per nugget", () => {
  it("become one per nugget of the answer, by the nugget's row, and give a majority per nugget", () => {
    const row = (userId: number, assignments: Record<string, string>, phase = "blind") => ({
      targetKey: "a:3:8",
      queryId: 3,
      nuggetId: null,
      userId,
      phase,
      payload: JSON.stringify({ assignments }),
    });
    const rows = perNuggetAnnotations(
      [
        row(1, { t1: "support", t2: "partial_support", gone: "support" }),
        row(2, { t1: "support", t2: "not_support" }),
        row(2, { t1: "not_support", t2: "not_support" }, "revised"),
        row(3, { t1: "support", t2: "partial_support" }),
        { targetKey: "qd:3:4", queryId: 3, nuggetId: null, userId: 1, phase: "blind", payload: '{"level":"2"}' },
      ],
      new Map([
        ["t1", 11],
        ["t2", 12],
      ]),
    );
    // the nugget no longer in the study is left out; a pair's annotation is kept as it is
    expect(rows.map((r) => [r.targetKey, r.nuggetId, r.payload])).toEqual([
      ["na:11:8", 11, '{"level":"support"}'],
      ["na:12:8", 12, '{"level":"partial_support"}'],
      ["na:11:8", 11, '{"level":"support"}'],
      ["na:12:8", 12, '{"level":"not_support"}'],
      ["na:11:8", 11, '{"level":"not_support"}'],
      ["na:12:8", 12, '{"level":"not_support"}'],
      ["na:11:8", 11, '{"level":"support"}'],
      ["na:12:8", 12, '{"level":"partial_support"}'],
      ["qd:3:4", null, '{"level":"2"}'],
    ]);
    // annotator 2's revision counts: t1 is support 2 to 1, t2 partial 2 to 1
    const { labels: majority } = campaignMajority(
      rows.filter((r) => r.targetKey.startsWith("na:")),
      "nugget-assignment",
    );
    expect(new Map([...majority].map(([k, l]) => [k, l.value]))).toEqual(
      new Map([
        ["na:11:8", "support"],
        ["na:12:8", "partial_support"],
      ]),
    );
    expect(majority.get("na:11:8")).toMatchObject({ queryId: 3, nuggetId: 11 });
  });
});

describe("Dawid-Skene labels of a campaign", () => {
  it("estimates one label per target from each annotator's latest level, carrying the target's question and nugget", () => {
    const row = (target: number, userId: number, level: string, phase = "blind") => ({
      targetKey: `nd:${target}:9`,
      queryId: 1,
      nuggetId: target,
      userId,
      phase,
      payload: JSON.stringify({ level }),
    });
    // 1 and 2 agree except on target 4; 3 disagrees with them on targets 1-3 (and revised target 4 to agree with 1)
    const annotations = [
      ...[1, 2, 3].flatMap((t) => [row(t, 1, "1"), row(t, 2, "1"), row(t, 3, "0")]),
      row(4, 1, "0"),
      row(4, 2, "1"),
      row(4, 3, "1"),
      row(4, 3, "0", "revised"),
    ];
    const labels = dawidSkeneLabels(annotations, "binary");
    const expected = dawidSkene([
      ...[1, 2, 3].flatMap((t) => [
        { item: `nd:${t}:9`, judge: "1", label: "1" },
        { item: `nd:${t}:9`, judge: "2", label: "1" },
        { item: `nd:${t}:9`, judge: "3", label: "0" },
      ]),
      { item: "nd:4:9", judge: "1", label: "0" },
      { item: "nd:4:9", judge: "2", label: "1" },
      { item: "nd:4:9", judge: "3", label: "0" },
    ]).items;
    expect([...labels.values()].map((l) => [l.targetKey, l.value])).toEqual(expected.map((i) => [i.item, i.label]));
    expect(labels.get("nd:4:9")).toMatchObject({ scale: "binary", queryId: 1, nuggetId: 4, criterion: null });
    expect(labels.get("nd:1:9")!.value).toBe("1");
  });
});
