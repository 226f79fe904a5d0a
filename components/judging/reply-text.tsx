/** A judge's raw reply as it came back, in a box that scrolls past a few lines. */
export function ReplyText({ reply }: { reply: string }) {
  return <pre className="mt-1 max-h-48 overflow-auto rounded bg-stone-50 p-2 text-xs whitespace-pre-wrap">{reply}</pre>;
}
