import { Alert } from "./alert";
import { Button } from "./button";

/**
 * The end of a "new …" (or edit) form: its error (if the last try failed), the submit button
 * (saying it is busy while `pending`) and Cancel. `className` places it in the form's grid.
 */
export function FormActions({
  submit,
  pendingText = "Creating…",
  pending,
  error,
  errorLabel,
  onCancel,
  className = "",
}: {
  submit: string;
  /** What the submit button says while `pending`. */
  pendingText?: string;
  pending: boolean;
  error: Error | null;
  errorLabel: string;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <>
      {error && (
        <Alert label={errorLabel} inline className={className}>
          {error.message}
        </Alert>
      )}
      <div className={`flex gap-2 ${className}`}>
        <Button type="submit" disabled={pending}>
          {pending ? pendingText : submit}
        </Button>
        <Button type="button" variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
