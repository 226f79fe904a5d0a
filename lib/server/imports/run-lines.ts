import "server-only";

/**
 * Where each (run, query, document) of an import's run files was first listed, in memory bounded by
 * what a run file holds rather than by a map entry per line: run files list a run's documents
 * query by query, so only the query being read keeps a map of its documents; a query read before
 * is kept as one string of its document ids and two packed arrays (file and line), about 30 bytes a
 * line, and gets its map back if the file lists it again later.
 */
export class RunLines {
  private readonly files: string[] = [];
  private current: { key: string; docs: Map<string, { file: number; line: number }> } | null = null;
  private readonly closed = new Map<string, { docs: string; files: Uint16Array; lines: Uint32Array }>();

  /** Where `docId` was first listed for this run and query ("file line N"), or null (it is recorded here). */
  earlier(file: string, system: string, queryId: string, docId: string, line: number): string | null {
    const docs = this.group(`${system}\n${queryId}`);
    const first = docs.get(docId);
    if (first) return `${this.files[first.file]} line ${first.line}`;
    docs.set(docId, { file: this.fileIndex(file), line });
    return null;
  }

  private group(key: string): Map<string, { file: number; line: number }> {
    if (this.current?.key === key) return this.current.docs;
    if (this.current) this.close(this.current.key, this.current.docs);
    const kept = this.closed.get(key);
    const docs = new Map<string, { file: number; line: number }>();
    if (kept) {
      this.closed.delete(key);
      kept.docs.split("\n").forEach((doc, i) => docs.set(doc, { file: kept.files[i]!, line: kept.lines[i]! }));
    }
    this.current = { key, docs };
    return docs;
  }

  private close(key: string, docs: Map<string, { file: number; line: number }>): void {
    const where = [...docs.values()];
    this.closed.set(key, {
      docs: [...docs.keys()].join("\n"),
      files: Uint16Array.from(where, (w) => w.file),
      lines: Uint32Array.from(where, (w) => w.line),
    });
  }

  private fileIndex(file: string): number {
    const at = this.files.lastIndexOf(file);
    return at === -1 ? this.files.push(file) - 1 : at;
  }
}
