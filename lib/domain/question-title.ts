/**
 * What to call a question in lists and headings: its title, or, for the many formats whose queries
 * have none (BEIR and NovelEval TSV, TREC topics), the first line of its text, without Markdown
 * heading marks and cut at `max` characters.
 */
export function questionTitle(title: string, body: string, max = 160): string {
  if (title.trim() !== "") return title.trim();
  const line =
    body
      .split("\n")
      .map((l) =>
        l
          .replace(/^#+\s*/, "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .find((l) => l !== "") ?? "";
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
