/** The error next-auth passes to the sign-in form when an account has had too many failed sign-ins. */
export const SIGN_IN_RATE_LIMITED = "too_many_attempts";

/** The error next-auth passes to the sign-in form when the server had no turn for it within a minute. */
export const SIGN_IN_BUSY = "server_busy";
