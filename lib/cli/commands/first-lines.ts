/**
 * Remembers ids and the line each first appeared on, to name a repeated one. A million ids cost
 * two typed arrays and an array of strings: an open-addressing table of FNV-1a hashes, faster than
 * a Map of a million strings (the ids stay as the slices the reader made).
 */
export class FirstLines {
  private slots = new Int32Array(1 << 16); // index + 1 into ids, 0 when empty
  private ids: string[] = [];
  private lines = new Int32Array(1 << 15);

  /** The line `id` first appeared on, or null (and it is remembered with `line`) when it is new. */
  firstLine(id: string, line: number): number | null {
    if (this.ids.length * 2 >= this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    for (let slot = hash(id) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) {
        if (this.ids.length === this.lines.length) {
          const bigger = new Int32Array(this.lines.length * 2);
          bigger.set(this.lines);
          this.lines = bigger;
        }
        this.lines[this.ids.length] = line;
        this.ids.push(id);
        this.slots[slot] = this.ids.length;
        return null;
      }
      if (this.ids[entry - 1] === id) return this.lines[entry - 1]!;
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.ids.forEach((id, i) => {
      let slot = hash(id) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = i + 1;
    });
    this.slots = slots;
  }
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
