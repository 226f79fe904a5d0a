type Props = {
  comment: string;
  commentOpen: boolean;
  busy: boolean;
  ready: boolean;
  canSkip: boolean;
  onComment: (text: string) => void;
  onSubmit: () => void;
  onSkip: () => void;
};

/** The optional comment, and submit / skip with their keys. */
export function SubmitBar(p: Props) {
  return (
    <div className="space-y-3">
      {p.commentOpen && (
        <textarea
          aria-label="Comment (optional)"
          value={p.comment}
          disabled={p.busy}
          onChange={(e) => p.onComment(e.target.value)}
          rows={2}
          autoFocus
          placeholder="Optional comment. Ctrl+Enter submits, Esc leaves the box."
          className="w-full rounded-md border border-stone-300 p-2 text-sm"
        />
      )}
      <div className="flex items-center gap-2">
        <button type="button" onClick={p.onSubmit} disabled={p.busy || !p.ready} className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 disabled:opacity-50">
          {p.busy ? "Saving…" : "Submit"} <kbd className="ml-1 font-mono text-xs opacity-80">Enter</kbd>
        </button>
        {p.canSkip && (
          <button type="button" onClick={p.onSkip} disabled={p.busy} className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100 disabled:opacity-50">
            Skip <kbd className="ml-1 font-mono text-xs opacity-70">S</kbd>
          </button>
        )}
      </div>
    </div>
  );
}
