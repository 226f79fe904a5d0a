/** A question's tags from its metadata JSON ({"tags": [...]}); none when absent or malformed. */
export function tagsOf(metadata: string): string[] {
  try {
    const tags = (JSON.parse(metadata) as { tags?: unknown }).tags;
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
