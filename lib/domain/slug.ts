/** A URL- and file-safe identifier for a name: "FeB4RAG (2024)!" -> "feb4rag-2024". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return slug || "study";
}

/**
 * A study's name as names are compared: without surrounding spaces, case folded. "NovelEval" and
 * " noveleval " are one name, so no two studies may bear them.
 */
export const nameKey = (name: string): string => name.normalize("NFC").trim().toLowerCase();
