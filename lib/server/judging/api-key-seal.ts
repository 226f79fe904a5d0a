import "server-only";
import crypto from "node:crypto";
import { AppError } from "../errors";

const VERSION = "v1";
/** Bound into every sealed key: a sealed value from elsewhere does not open as an endpoint's key. */
const CONTEXT = Buffer.from("assay judge endpoint api key");

/**
 * The key that seals stored API keys: ASSAY_ENCRYPTION_KEY, 32 random bytes as 64 hex digits or
 * as base64. Its own secret, not the session's: rotating NEXTAUTH_SECRET signs everyone out and
 * leaves stored keys readable; rotating this one means entering the stored keys again.
 */
export function encryptionKey(text = process.env.ASSAY_ENCRYPTION_KEY): Buffer {
  if (!text)
    throw new AppError(
      "unavailable",
      "ASSAY_ENCRYPTION_KEY is not set on the server: set it to store API keys (openssl rand -base64 32), or name an environment variable that holds the key",
    );
  const hex = /^[0-9a-f]{64}$/i.test(text);
  const key = Buffer.from(text, hex ? "hex" : "base64");
  if (key.length !== 32 || (!hex && key.toString("base64") !== text))
    throw new AppError(
      "unavailable",
      "ASSAY_ENCRYPTION_KEY must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)",
    );
  return key;
}

/** An API key sealed for storage: AES-256-GCM, "v1:" + base64(iv, tag, ciphertext). */
export function sealApiKey(apiKey: string, key = encryptionKey()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(CONTEXT);
  const sealed = Buffer.concat([cipher.update(apiKey, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

/** A stored API key opened again; a clear error when ASSAY_ENCRYPTION_KEY is not the one that sealed it. */
export function openApiKey(sealed: string, key = encryptionKey()): string {
  const [version, body] = sealed.split(":");
  const bytes = Buffer.from(body ?? "", "base64");
  if (version !== VERSION || bytes.length < 29) throw new AppError("unavailable", "the stored API key is damaged");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAAD(CONTEXT);
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new AppError(
      "unavailable",
      "the stored API key cannot be opened with this ASSAY_ENCRYPTION_KEY (was it changed?): enter the endpoint's key again",
    );
  }
}
