import type { QueueState } from "@/lib/client/save-queue";
import { Alert } from "@/components/ui/alert";

/** Whether every label is stored: pending saves stay visible until the server acknowledged them. */
export function SaveStatus({ state, onDismiss }: { state: QueueState; onDismiss: () => void }) {
  const n = state.pending.length;
  return (
    <div className="text-right text-xs" aria-live="polite">
      {n === 0 ? (
        <span role="status" className="text-emerald-700">
          All labels saved
        </span>
      ) : (
        <span role="status" className="font-medium text-amber-700">
          {n} {n === 1 ? "label" : "labels"} pending
          {state.retrying ? " · retrying (kept in this browser)" : " · saving"}
        </span>
      )}
      {state.refused && (
        <Alert inline className="mt-1 max-w-md">
          Not saved: {state.refused.message}{" "}
          <button type="button" onClick={onDismiss} className="underline">
            Dismiss
          </button>
        </Alert>
      )}
    </div>
  );
}
