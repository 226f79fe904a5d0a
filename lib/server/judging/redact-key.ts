import "server-only";

/** What stands where a key, or a piece of it, was. */
export const REDACTED = "[redacted]";

/** The shortest piece of a key that is redacted wherever it appears. */
const RUN = 8;

/**
 * A function that scrubs a key from a text an endpoint sent back (an error that quotes the key it
 * was given, as OpenAI's 401 does, or a reply that repeats it): every run of 8 characters or more
 * of the key, of its base64 or base64url form (at any byte alignment, so the key inside a longer
 * encoded text is found too) and of its URL-encoded form becomes "[redacted]", in any case (an
 * endpoint that echoes the key in capitals is scrubbed too). A key shorter than 8 characters is
 * redacted where it appears whole. Applied to the whole of what an endpoint sent, before anything
 * of it is cut, stored, logged, exported or shown.
 */
export function keyRedactor(key: string | null): (text: string) => string {
  if (!key) return (text) => text;
  const forms = [key, encodeURIComponent(key), ...base64Cores(key)].filter((f) => f.length > 0);
  if (key.length < RUN) {
    const whole = new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
    return (text) => text.replace(whole, REDACTED);
  }
  const runs = new Set<string>();
  for (const form of forms.map(foldCase)) for (let i = 0; i + RUN <= form.length; i++) runs.add(form.slice(i, i + RUN));
  return (text) => {
    if (text.length < RUN) return text;
    const folded = foldCase(text);
    const covered = new Uint8Array(text.length);
    let any = false;
    for (let i = 0; i + RUN <= text.length; i++)
      if (runs.has(folded.slice(i, i + RUN))) {
        covered.fill(1, i, i + RUN);
        any = true;
      }
    if (!any) return text;
    let out = "";
    for (let i = 0; i < text.length;) {
      if (!covered[i]) out += text[i++];
      else {
        out += REDACTED;
        while (covered[i]) i++;
      }
    }
    return out;
  };
}

/**
 * The base64 and base64url characters that depend on the key's bytes alone, for the key placed
 * after 0, 1 or 2 other bytes: whatever precedes the key in an encoded text, one of them is in it.
 */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key, "utf8");
  const cores: string[] = [];
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad), bytes]).toString("base64");
    const core = encoded.slice(Math.ceil((8 * pad) / 6), Math.floor((8 * (pad + bytes.length)) / 6));
    cores.push(core, core.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return cores;
}

/** Lower case, one UTF-16 unit for one (a letter whose lower case is longer stays): positions keep their place. */
function foldCase(text: string): string {
  let out = "";
  for (const unit of text) {
    const lower = unit.toLowerCase();
    out += lower.length === unit.length ? lower : unit;
  }
  return out;
}
