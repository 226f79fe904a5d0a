import { ImportFailedError } from "@/lib/client/upload-import";

/** Why an import was refused: its one message, or its errors counted in a heading and listed once each. */
export function ImportErrors({ error }: { error: Error }) {
  return (
    <div
      role="alert"
      aria-label="Import errors"
      data-testid="import-errors"
      className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900"
    >
      {error instanceof ImportFailedError && error.errors.length > 1 ? (
        <>
          <p className="font-medium">
            Nothing was imported: {error.errorCount} errors
            {error.errorCount > error.errors.length ? ` (the first ${error.errors.length} below)` : ""}.
          </p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 font-mono text-xs">
            {error.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
          {error.hint && <p className="mt-2">{error.hint}</p>}
        </>
      ) : (
        <p className="font-medium">{error.message}</p>
      )}
    </div>
  );
}
