/**
 * Labels as integer codes: row r says judge[r] gave item[r] the category code[r]. Categories are
 * ordered (lowest first) when the labels are numbers or an explicit order is given.
 */
export type LabelTable = {
  item: Int32Array;
  judge: Int32Array;
  code: Int32Array;
  items: string[];
  judges: string[];
  categories: string[];
  /** Numeric value of each category (its number, or its position when the labels are words). */
  values: number[];
  ordered: boolean;
};

export type LabelRow = { item: string; judge: string; label: string; line?: number };

export class LabelTableError extends Error {
  override name = "LabelTableError";
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Builds a LabelTable row by row without keeping the rows: ids and labels are interned as they
 * arrive, so a million labels cost a few typed arrays. `finish` orders the categories: exactly
 * `order` when given; otherwise numeric labels by value (integers fill the range min..max, so
 * weights see the whole scale) and other labels unordered. A judge labelling an item twice is an error.
 */
export class LabelTableBuilder {
  private readonly itemIds = new Map<string, number>();
  private readonly judgeIds = new Map<string, number>();
  private readonly labelIds = new Map<string, number>();
  private item = new Int32Array(1024);
  private judge = new Int32Array(1024);
  private label = new Int32Array(1024);
  private line = new Int32Array(1024);
  private n = 0;

  add(item: string, judge: string, label: string, line = 0): void {
    if (this.n === this.item.length) this.grow();
    this.item[this.n] = intern(this.itemIds, item);
    this.judge[this.n] = intern(this.judgeIds, judge);
    this.label[this.n] = intern(this.labelIds, label);
    this.line[this.n] = line;
    this.n++;
  }

  finish(order?: readonly string[]): LabelTable {
    const labels = [...this.labelIds.keys()];
    let categories: string[];
    let ordered = true;
    let codeOfLabel: (label: string) => number | undefined;
    if (order) {
      categories = [...order];
      const index = new Map(categories.map((c, i) => [c, i]));
      codeOfLabel = (l) => index.get(l);
    } else if (labels.length > 0 && labels.every((l) => NUMBER.test(l))) {
      const numbers = [...new Set(labels.map(Number))].sort((a, b) => a - b);
      const integers = numbers.every(Number.isInteger) && numbers.at(-1)! - numbers[0]! <= 1000;
      categories = integers
        ? Array.from({ length: numbers.at(-1)! - numbers[0]! + 1 }, (_, i) => String(numbers[0]! + i))
        : numbers.map(String);
      const index = new Map(categories.map((c, i) => [Number(c), i]));
      codeOfLabel = (l) => index.get(Number(l));
    } else {
      categories = [...labels].sort();
      ordered = false;
      const index = new Map(categories.map((c, i) => [c, i]));
      codeOfLabel = (l) => index.get(l);
    }
    const codes = labels.map((l) => codeOfLabel(l));
    const n = this.n;
    const code = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      const c = codes[this.label[r]!];
      if (c === undefined)
        throw new LabelTableError(
          `label "${labels[this.label[r]!]}"${at(this.line[r]!)} is not one of --order ${categories.join(",")}`,
        );
      code[r] = c;
    }
    const items = [...this.itemIds.keys()];
    const judges = [...this.judgeIds.keys()];
    this.assertNoDuplicates(items, judges);
    const values = categories.map((c, i) => (NUMBER.test(c) ? Number(c) : i));
    return {
      item: this.item.slice(0, n),
      judge: this.judge.slice(0, n),
      code,
      items,
      judges,
      categories,
      values,
      ordered,
    };
  }

  /** Sorts item x judge keys (typed, native sort) and reports the first repeated pair. */
  private assertNoDuplicates(items: string[], judges: string[]): void {
    const keys = new Float64Array(this.n);
    for (let r = 0; r < this.n; r++) keys[r] = this.item[r]! * judges.length + this.judge[r]!;
    keys.sort();
    for (let r = 1; r < this.n; r++) {
      if (keys[r] !== keys[r - 1]) continue;
      const key = keys[r]!;
      const rows = [];
      for (let q = 0; q < this.n && rows.length < 2; q++)
        if (this.item[q]! * judges.length + this.judge[q]! === key) rows.push(q);
      const second = rows[1]!;
      throw new LabelTableError(
        `judge "${judges[this.judge[second]!]}" labels item "${items[this.item[second]!]}" twice${at(this.line[second]!)}`,
      );
    }
  }

  private grow(): void {
    const bigger = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.item = bigger(this.item);
    this.judge = bigger(this.judge);
    this.label = bigger(this.label);
    this.line = bigger(this.line);
  }
}

function intern(ids: Map<string, number>, key: string): number {
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = ids.size));
  return id;
}

const at = (line: number) => (line ? ` (line ${line})` : "");
