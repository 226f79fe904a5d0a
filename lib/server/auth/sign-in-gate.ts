import "server-only";
import os from "node:os";
import { FairQueue } from "@/lib/domain/fair-queue";

/**
 * How many password checks (scrypt: about 100 ms of a core and 32 MiB each) the process runs at
 * once, how many sign-ins may wait for one, and for how long. A crowd waits its turn instead of
 * being refused: 200 sign-ins arriving together are checked about two at a time on two cores.
 */
export const SIGN_IN_GATE = {
  concurrency: Math.max(1, os.availableParallelism()),
  maxWaiting: 2_000,
  maxWaitMs: 60_000,
};

type Waiter = { client: string; resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** Why a sign-in was turned away without its password being checked: the server was too busy. */
export class SignInBusy extends Error {}

/**
 * The process's password checks, taken in turns between client addresses (lib/domain/fair-queue.ts):
 * a client that sends many sign-ins waits behind its own, never in front of another's.
 */
class SignInGate {
  private running = 0;
  private readonly queue = new FairQueue<Waiter>(SIGN_IN_GATE.maxWaiting);

  /** Runs `check` once it is `client`'s turn; throws SignInBusy when the queue turns it away or it waited too long. */
  async turn<T>(client: string, check: () => Promise<T>): Promise<T> {
    await this.enter(client);
    try {
      return await check();
    } finally {
      this.leave();
    }
  }

  private enter(client: string): Promise<void> {
    if (this.running < SIGN_IN_GATE.concurrency && this.queue.size === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        client,
        resolve,
        reject,
        timer: setTimeout(() => {
          if (this.queue.remove(client, waiter)) reject(new SignInBusy("waited too long for a turn"));
        }, SIGN_IN_GATE.maxWaitMs),
      };
      const queued = this.queue.push(client, waiter);
      if (!queued.admitted) return this.turnAway(waiter);
      if (queued.displaced) this.turnAway(queued.displaced);
    });
  }

  private leave(): void {
    const next = this.queue.shift();
    if (!next) {
      this.running -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.resolve(); // the slot passes to it: `running` stays
  }

  private turnAway(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    waiter.reject(new SignInBusy("too many sign-ins are waiting"));
  }
}

const shared = globalThis as unknown as { assaySignInGate?: SignInGate };
export const signInGate = (shared.assaySignInGate ??= new SignInGate());
