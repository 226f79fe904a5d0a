import "server-only";

/** The prefix every environment variable that holds a judge endpoint's key starts with. */
export const JUDGE_KEY_PREFIX = "ASSAY_JUDGE_KEY_";

/** Assay's own secrets: never a judge key, whatever prefix is configured. */
const SERVER_SECRETS = new Set(["NEXTAUTH_SECRET", "ASSAY_ENCRYPTION_KEY", "DATABASE_URL", "DATABASE_URL_POSTGRES"]);

/**
 * The prefixes a judge key's variable may start with: ASSAY_JUDGE_KEY_, and those the admin of the
 * server lists in ASSAY_JUDGE_KEY_PREFIXES when starting it (comma-separated, such as
 * "OPENAI_API_KEY,OPENROUTER_"), read at each use.
 */
export function judgeKeyPrefixes(): string[] {
  const configured = (process.env.ASSAY_JUDGE_KEY_PREFIXES ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return [JUDGE_KEY_PREFIX, ...configured];
}

/**
 * Why a variable cannot hold a judge endpoint's key, or null: only variables meant for judge keys
 * are sent to an endpoint, so that an admin's endpoint can never carry the server's own secrets
 * (NEXTAUTH_SECRET, ASSAY_ENCRYPTION_KEY, DATABASE_URL) or any other variable to a URL.
 */
export function judgeKeyVariableProblem(variable: string): string | null {
  if (SERVER_SECRETS.has(variable)) return `${variable} is one of Assay's own secrets, never a judge key`;
  if (judgeKeyPrefixes().some((prefix) => variable.startsWith(prefix))) return null;
  return `${variable} is not a judge key variable: name one that starts with ${JUDGE_KEY_PREFIX}, such as ${JUDGE_KEY_PREFIX}OPENAI (or list its prefix in ASSAY_JUDGE_KEY_PREFIXES when starting the server)`;
}

/** The value of a judge key variable, or null when it is not set or not a judge key variable. */
export function judgeKeyVariableValue(variable: string): string | null {
  if (judgeKeyVariableProblem(variable) !== null) return null;
  return process.env[variable] || null;
}
