import "server-only";
import { isLoopbackHost } from "./endpoint-address";

/** The prefix every environment variable that holds a judge endpoint's key starts with. */
export const JUDGE_KEY_PREFIX = "ASSAY_JUDGE_KEY_";

/**
 * The setting that binds each judge key variable to the origins its key may be sent to:
 * comma-separated `VARIABLE=ORIGIN` entries (a variable may have several), such as
 * "ASSAY_JUDGE_KEY_OPENAI=https://api.openai.com,ASSAY_JUDGE_KEY_OPENROUTER=https://openrouter.ai".
 * Its name is outside every key prefix's reach.
 */
export const KEY_ORIGINS_SETTING = "ASSAY_JUDGE_ORIGINS";

/** Assay's own secrets and settings: never a judge key, whatever prefix is configured. */
const SERVER_SECRETS = new Set([
  "NEXTAUTH_SECRET",
  "ASSAY_ENCRYPTION_KEY",
  "DATABASE_URL",
  "DATABASE_URL_POSTGRES",
  "ASSAY_JUDGE_KEY_PREFIXES",
  KEY_ORIGINS_SETTING,
]);

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

/**
 * Why the key in `variable` may not be sent to the endpoint at `baseUrl`, or null. The operator who
 * holds the key binds it to origins (ASSAY_JUDGE_ORIGINS): an admin who registers an endpoint can
 * send it there and nowhere else. Loopback (a local vLLM, Ollama or llama.cpp server) takes any
 * variable. Read at each use, like the keys themselves.
 */
export function keyOriginProblem(variable: string, baseUrl: string): string | null {
  const url = new URL(baseUrl);
  if (isLoopbackHost(url.hostname)) return null;
  const origins = keyOrigins().get(variable) ?? [];
  if (origins.includes(url.origin)) return null;
  return origins.length === 0
    ? `${variable} is bound to no origin, so its key goes to this machine's own servers only: bind it with ${KEY_ORIGINS_SETTING}=${variable}=${url.origin} when starting the server to send it to ${url.origin}`
    : `${variable} may be sent to ${origins.join(", ")} only (${KEY_ORIGINS_SETTING}), not to ${url.origin}`;
}

/** ASSAY_JUDGE_ORIGINS read: each variable's origins (an entry that is not VARIABLE=URL is ignored). */
function keyOrigins(): Map<string, string[]> {
  const bound = new Map<string, string[]>();
  for (const entry of (process.env[KEY_ORIGINS_SETTING] ?? "").split(",")) {
    const at = entry.indexOf("=");
    if (at <= 0) continue;
    const variable = entry.slice(0, at).trim();
    let origin: string;
    try {
      origin = new URL(entry.slice(at + 1).trim()).origin;
    } catch {
      continue;
    }
    bound.set(variable, [...(bound.get(variable) ?? []), origin]);
  }
  return bound;
}
