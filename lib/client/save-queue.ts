import type { SaveAnnotation, SavedAnnotation } from "@/lib/schemas/campaigns";
import { ApiError } from "./fetch-json";

/** A label save waiting for the server's acknowledgement. */
export type PendingSave = { campaignId: number; itemId: number; save: SaveAnnotation };

export type QueueState = {
  pending: PendingSave[];
  /** The last refused save (a conflict or invalid label): not stored, shown to the annotator. */
  refused: { save: PendingSave; message: string } | null;
  /** The last transient failure while retrying, if the queue is waiting to retry. */
  retrying: string | null;
};

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;
type Send = (p: PendingSave) => Promise<SavedAnnotation>;

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000, 30000];

/**
 * The annotator's outbox. Every save is written to local storage before it is sent and removed only
 * when the server acknowledged it, so a failed request, a closed tab or a reload never loses a
 * label. Saves go one at a time in order; transient failures (network, 5xx) are retried with
 * backoff; a refused save (409 conflict, 400 invalid) is dropped and reported, since retrying it
 * can never succeed. Retries are safe because the server recognises a save by its clientId.
 */
export class SaveQueue {
  private state: QueueState;
  private running = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly waiters = new Map<string, { resolve: (s: SavedAnnotation) => void; reject: (e: Error) => void }[]>();
  private readonly listeners = new Set<(s: QueueState) => void>();

  constructor(
    private readonly storageKey: string,
    private readonly storage: Storage,
    private readonly send: Send,
  ) {
    this.state = { pending: readPending(storage, storageKey), refused: null, retrying: null };
  }

  get snapshot(): QueueState {
    return this.state;
  }

  subscribe(listener: (s: QueueState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores the save locally and sends it; resolves when the server stored it, rejects when it refused it. */
  enqueue(p: PendingSave): Promise<SavedAnnotation> {
    const done = this.waitFor(p.save.clientId);
    this.update({ pending: [...this.state.pending, p], refused: null });
    void this.flush();
    return done;
  }

  /** Resolves when the save with this clientId is stored (it may already be queued from an earlier page). */
  waitFor(clientId: string): Promise<SavedAnnotation> {
    return new Promise((resolve, reject) => {
      this.waiters.set(clientId, [...(this.waiters.get(clientId) ?? []), { resolve, reject }]);
    });
  }

  /** Sends what is pending now (also called when the browser comes back online). */
  async flush(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      while (this.state.pending.length > 0) {
        const next = this.state.pending[0]!;
        try {
          const saved = await this.send(next);
          this.attempt = 0;
          this.remove(next, { retrying: null });
          this.settle(next.save.clientId, (w) => w.resolve(saved));
        } catch (error) {
          if (error instanceof ApiError && (error.status === 409 || error.status === 400 || error.status === 404)) {
            this.remove(next, { refused: { save: next, message: error.message }, retrying: null });
            this.settle(next.save.clientId, (w) => w.reject(error));
            continue;
          }
          const delay = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)]!;
          this.update({ retrying: error instanceof Error ? error.message : String(error) });
          this.timer = setTimeout(() => void this.flush(), delay);
          return;
        }
      }
    } finally {
      this.running = false;
    }
  }

  dismissRefused(): void {
    this.update({ refused: null });
  }

  private remove(p: PendingSave, patch: Partial<QueueState>) {
    this.update({ ...patch, pending: this.state.pending.filter((x) => x.save.clientId !== p.save.clientId) });
  }

  private settle(
    clientId: string,
    fn: (w: { resolve: (s: SavedAnnotation) => void; reject: (e: Error) => void }) => void,
  ) {
    for (const w of this.waiters.get(clientId) ?? []) fn(w);
    this.waiters.delete(clientId);
  }

  private update(patch: Partial<QueueState>) {
    this.state = { ...this.state, ...patch };
    this.storage.setItem(this.storageKey, JSON.stringify(this.state.pending));
    for (const l of this.listeners) l(this.state);
  }
}

function readPending(storage: Storage, key: string): PendingSave[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(value) ? (value as PendingSave[]) : [];
  } catch {
    return [];
  }
}
