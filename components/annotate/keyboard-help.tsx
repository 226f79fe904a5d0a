import { Button } from "@/components/ui/button";

/** The keys every task of the annotator's workspace shares. */
export const WORKSPACE_KEYS: [string, string][] = [
  ["Enter", "Submit the label"],
  ["S", "Skip this item"],
  ["← / →", "Previous / next of my items"],
  ["Space / Shift+Space", "Scroll a long passage down / up"],
  ["C", "Write a comment"],
  ["Enter in a comment", "Keep it and return to the keys (Shift+Enter: new line; Ctrl+Enter: submit)"],
  ["Esc", "Leave any text box"],
  ["?", "Show or hide these keys"],
];

/** A screen's keys: the task's own (`taskKeys`), then those the screen shares (the workspace's unless told). */
export function KeyboardHelp({
  taskKeys,
  shared = WORKSPACE_KEYS,
  onClose,
}: {
  taskKeys: [string, string][];
  shared?: [string, string][];
  onClose: () => void;
}) {
  const keys: [string, string][] = [...taskKeys, ...shared];
  return (
    <div
      role="dialog"
      aria-label="Keyboard shortcuts"
      className="fixed inset-0 z-20 flex items-center justify-center bg-stone-900/30"
      onClick={onClose}
    >
      <div className="w-80 rounded-lg bg-white p-5 shadow-lg" onClick={(e) => e.stopPropagation()}>
        <h2 className="mb-3 font-semibold">Keyboard shortcuts</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {keys.map(([k, what]) => (
            <div key={k} className="contents">
              <dt>
                <kbd className="rounded border border-stone-300 bg-stone-50 px-1.5 font-mono text-xs">{k}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <Button variant="link" type="button" onClick={onClose} className="mt-4">
          Close (Esc)
        </Button>
      </div>
    </div>
  );
}
