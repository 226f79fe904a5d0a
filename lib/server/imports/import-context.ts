import "server-only";
import type { Tx } from "../db/transactions";
import type { LineError } from "@/lib/formats/parsed";
import { describeLineError } from "@/lib/formats/parsed";
import { upsertMany } from "../db/bulk-sql";
import { nuggetSetIdForWriting } from "../db/nugget-sets";
import type { NuggetSetSource } from "@/lib/domain/nuggets/nugget-sets";
import type { JudgeTask } from "@/lib/domain/judging/judge-tasks/judge-task";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import type { PassageKind } from "@/lib/domain/passages/passage-kind";
import { RunLines } from "./run-lines";

export const MAX_REPORTED_ERRORS = 50;

/** What one import run shares between files and batches: the transaction, errors, judges, keys. */
export class ImportContext {
  readonly errors: string[] = [];
  errorCount = 0;
  file = "";
  /** The emails of the accounts this import created (a study bundle's people this server did not know). */
  readonly createdAccounts: string[] = [];
  /** Whether an error named an id the study lacks, which this format could create (the message then says how, once). */
  missingIds = false;
  /** The items whose free seats this import has replaced with a bundle's (once per item, whatever the batches). */
  readonly seatsReplaced = new Set<number>();
  /**
   * A bundle's judge runs by their number in it: the run's id here (null: the study had the run
   * already, and its calls are left as they are), its task and its template (which reads its calls' replies).
   */
  readonly judgeRuns = new Map<number, { id: number | null; task: JudgeTask; template: JudgeTemplate }>();
  /** Where each run's documents were first listed (runs hold millions of lines: not in `seen`). */
  readonly runLines = new RunLines();
  /** The systems whose run entries this import wrote: their rankings are written once its files are in. */
  readonly rankedSystems = new Set<number>();
  private readonly seen = new Map<string, string>();
  private readonly judges = new Map<string, number>();
  private readonly systems = new Map<string, number>();

  constructor(
    readonly tx: Tx,
    readonly studyId: number,
    readonly now: Date,
    /**
     * What an unknown query or document id of qrels or a run does: "create" makes one with no text
     * yet (a qrels-only study); "refuse" is an error, which names the option when the format offers it.
     */
    readonly missing: { create: boolean; offered: boolean } = { create: false, offered: false },
    /** How the passages this import writes are shown; null: as the study says. */
    readonly display: PassageKind | null = null,
    /** The nugget set its nuggets go to (made when missing); null: the study's first ("main" when it has none). */
    readonly nuggetSet: string | null = null,
  ) {}

  private readonly nuggetSets = new Map<string | null, number>();

  /** The id of the nugget set `name` (by default the one the import names, else the study's first), made when missing. */
  async nuggetSetId(
    name: string | null = this.nuggetSet,
    made: { source: NuggetSetSource; origin: string } = { source: "import", origin: `imported from ${this.file}` },
  ): Promise<number> {
    const known = this.nuggetSets.get(name);
    if (known !== undefined) return known;
    const id = await nuggetSetIdForWriting(this.tx, this.studyId, name, made);
    this.nuggetSets.set(name, id);
    return id;
  }

  /** Records an error of the current file; the import will be rolled back. */
  fail(error: LineError): void {
    this.errorCount++;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(describeLineError(this.file, error));
  }

  get failed(): boolean {
    return this.errorCount > 0;
  }

  /** False (and an error) when `key` was already seen in this import. */
  firstTime(key: string, line: number, what: string): boolean {
    const earlier = this.seen.get(key);
    if (earlier === undefined) {
      this.seen.set(key, `${this.file} line ${line}`);
      return true;
    }
    this.fail({ line, message: `duplicate ${what}: also at ${earlier}` });
    return false;
  }

  /** Where a key was first seen in this import ("file line N"), if it was. */
  seenAt(key: string): string | undefined {
    return this.seen.get(key);
  }

  async judgeId(name: string, kind: "model" | "human"): Promise<number> {
    const cached = this.judges.get(name);
    if (cached !== undefined) return cached;
    const [row] = await upsertMany(
      this.tx,
      {
        table: "Judge",
        columns: ["studyId", "kind", "name"],
        conflict: ["studyId", "name"],
        returning: ["id", "kind"],
      },
      [[this.studyId, kind, name]],
    );
    this.judges.set(name, Number(row!.id));
    return Number(row!.id);
  }

  async systemIds(names: Iterable<string>): Promise<Map<string, number>> {
    const missing = [...new Set(names)].filter((n) => !this.systems.has(n));
    const rows = await upsertMany(
      this.tx,
      { table: "System", columns: ["studyId", "name"], conflict: ["studyId", "name"], returning: ["id", "name"] },
      missing.map((n) => [this.studyId, n]),
    );
    for (const r of rows) this.systems.set(String(r.name), Number(r.id));
    return new Map([...new Set(names)].map((n) => [n, this.systems.get(n)!]));
  }
}
