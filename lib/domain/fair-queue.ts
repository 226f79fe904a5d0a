/**
 * A bounded queue where clients take turns: each client's items come out in the order they came
 * in, and the clients with items waiting are served round robin, so one client with a thousand
 * items waiting delays another's first item by at most one item. When the queue is full, a newcomer
 * takes the place of the newest item of the client holding the most, if that client holds more than
 * the newcomer's own client does (then it is that item that is turned away); otherwise the newcomer
 * is. So no client, however many items it sends, keeps another out of the queue. Pure: the caller
 * runs what comes out.
 */
export class FairQueue<T> {
  /** Each client's waiting items, oldest first; a Map keeps the clients' turn order (oldest turn first). */
  private readonly waiting = new Map<string, T[]>();
  private count = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.count;
  }

  /** Queues `item` for `client`: admitted, or turned away; `displaced` is an item turned away to make room. */
  push(client: string, item: T): { admitted: true; displaced?: T } | { admitted: false } {
    let displaced: T | undefined;
    if (this.count >= this.capacity) {
      const largest = this.largestClient();
      if (largest === undefined || largest.items.length <= (this.waiting.get(client)?.length ?? 0) + 1)
        return { admitted: false };
      displaced = largest.items.pop()!;
      this.count -= 1;
      if (largest.items.length === 0) this.waiting.delete(largest.client);
    }
    const items = this.waiting.get(client);
    if (items) items.push(item);
    else this.waiting.set(client, [item]);
    this.count += 1;
    return displaced === undefined ? { admitted: true } : { admitted: true, displaced };
  }

  /** The next item: the first of the client whose turn it is (that client's turn then goes to the back). */
  shift(): T | undefined {
    const next = this.waiting.entries().next();
    if (next.done) return undefined;
    const [client, items] = next.value;
    const item = items.shift()!;
    this.waiting.delete(client);
    if (items.length > 0) this.waiting.set(client, items);
    this.count -= 1;
    return item;
  }

  /** Takes `item` out (it waited too long); false when it is not waiting. */
  remove(client: string, item: T): boolean {
    const items = this.waiting.get(client);
    const at = items?.indexOf(item) ?? -1;
    if (!items || at === -1) return false;
    items.splice(at, 1);
    if (items.length === 0) this.waiting.delete(client);
    this.count -= 1;
    return true;
  }

  private largestClient(): { client: string; items: T[] } | undefined {
    let largest: { client: string; items: T[] } | undefined;
    for (const [client, items] of this.waiting)
      if (!largest || items.length > largest.items.length) largest = { client, items };
    return largest;
  }
}
