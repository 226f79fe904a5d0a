/** "1 campaign", "2 campaigns", "1,204 questions": a number with its noun in the right number. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? singular : plural}`;
}
