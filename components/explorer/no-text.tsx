/** What a question or chunk shows when a qrels-only import created it: an id, and no text until its texts are imported. */
export function NoText({ what }: { what: "question" | "chunk" }) {
  return (
    <span className="italic text-stone-500" data-testid="no-text">
      no text yet{what === "question" ? " (import the queries to fill it in)" : " (import the corpus to fill it in)"}
    </span>
  );
}
