/** Wrong command-line usage or input; printed as one line, exiting with `exitCode` (default 1). */
export class UsageError extends Error {
  override name = "UsageError";

  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
