/**
 * Python's literals where nuggetizer uses them (castorini/nuggetizer, the TREC RAG tracks' nugget
 * creation): its creator prompt shows the nuggets so far as Python's `str(list)`, and reads a
 * model's reply with `ast.literal_eval` after removing code fences. Both reimplemented here, equal
 * to CPython 3.11 on test/fixtures/python-literals (made by its make-reference.py). One
 * difference: a `\N{name}` escape needs Unicode's name table, which Assay does not carry, so such
 * a reply is read as one that does not parse.
 */

/** Python's str.isspace characters: what str.strip removes (not JavaScript's trim: no U+FEFF, and U+001C-U+001F, U+0085). */
const PYTHON_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** Python's str.strip(). */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PYTHON_SPACE.test(text[start]!)) start++;
  while (end > start && PYTHON_SPACE.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** What Python's repr escapes beyond ASCII: str.isprintable is false for these categories (but the space). */
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

/** Python's repr() of a str: its quote choice, escapes and printable characters. */
export function pythonStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code < 0x7f || !NOT_PRINTABLE.test(ch)) out += ch;
    else if (code <= 0xff) out += `\\x${hex(code, 2)}`;
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + quote;
}

/** Python's str() of a list of str, as nuggetizer's creator prompt shows the nuggets so far. */
export function pythonListRepr(items: readonly string[]): string {
  return `[${items.map(pythonStrRepr).join(", ")}]`;
}

/**
 * A reply read as nuggetizer reads its nugget list: every "```python" and "```" removed, then
 * str.strip, then `ast.literal_eval`. Only a list of strings is a list; where nuggetizer would take
 * something else (a string, numbers, a tuple: its `cast` does not check), this returns null, as it
 * does for what does not parse.
 */
export function readPythonStringList(reply: string): string[] | null {
  const source = pythonStrip(reply.replaceAll("```python", "").replaceAll("```", ""))
    .replaceAll("\r\n", "\n")
    .replaceAll("\r", "\n");
  try {
    const reader = new LiteralReader(source);
    const value = reader.expression();
    reader.end();
    return Array.isArray(value) ? value : null;
  } catch (error) {
    if (error instanceof NotALiteral) return null;
    throw error;
  }
}

class NotALiteral extends Error {}
const fail = (): never => {
  throw new NotALiteral();
};

/** Python's tokenizer allows this many open brackets at once ("too many nested parentheses"). */
const MAX_NESTING = 200;
const STRING_START = /^([rRuUbBfF]{0,2})(['"])/;
/** A line that starts with spaces before a token (not a blank or comment line). */
const INDENTED = /[ \t\f]+[^ \t\f\n#]/y;
const ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/** A recursive-descent reader of the literals a list of strings is made of; anything else fails. */
class LiteralReader {
  private at = 0;
  private depth = 0;
  /** Before the expression or after it, newlines at the top level are blank lines. */
  private blankLinesAllowed = true;

  constructor(private readonly src: string) {
    if (/[\0\ud800-\udfff]/u.test(src)) fail(); // null bytes; lone surrogates cannot be encoded as UTF-8
  }

  /** Spaces, tabs, form feeds, comments and line joins; newlines inside brackets (or blank lines). */
  private skip(): void {
    for (;;) {
      const ch = this.src[this.at];
      if (ch === " " || ch === "\t" || ch === "\f") this.at++;
      else if (ch === "#") while (this.at < this.src.length && this.src[this.at] !== "\n") this.at++;
      else if (ch === "\\") {
        if (this.src[this.at + 1] !== "\n") fail();
        this.at += 2;
      } else if (ch === "\n" && (this.depth > 0 || this.blankLinesAllowed)) {
        this.at++;
        // a new line at the top level must start at its first column: an indent is an error
        INDENTED.lastIndex = this.at;
        if (this.depth === 0 && INDENTED.test(this.src)) fail();
      } else return;
    }
  }

  /** A list, a string (adjacent ones joined) or a parenthesized one of those; else fails. */
  expression(): string | string[] {
    this.skip();
    this.blankLinesAllowed = false;
    const ch = this.src[this.at];
    let value: string | string[];
    if (ch === "(") value = this.parenthesized();
    else if (ch === "[") value = this.list();
    else value = this.strings();
    return value;
  }

  end(): void {
    this.blankLinesAllowed = true;
    this.skip();
    if (this.at !== this.src.length) fail();
  }

  private open(): void {
    this.at++;
    if (++this.depth > MAX_NESTING) fail();
  }

  private close(ch: string): void {
    this.skip();
    if (this.src[this.at] !== ch) fail();
    this.at++;
    this.depth--;
  }

  private parenthesized(): string | string[] {
    this.open();
    const value = this.expression(); // "()" and "(x,)" are tuples: the expression or the close fails
    this.close(")");
    return value;
  }

  private list(): string[] {
    this.open();
    const items: string[] = [];
    for (;;) {
      this.skip();
      if (this.src[this.at] === "]") break;
      const item = this.expression();
      if (typeof item !== "string") fail();
      items.push(item as string);
      this.skip();
      if (this.src[this.at] === ",") this.at++;
      else break;
    }
    this.close("]");
    return items;
  }

  /** One string literal, or several side by side, joined. */
  private strings(): string {
    let text = this.string();
    for (;;) {
      const before = this.at;
      this.skip();
      if (!STRING_START.test(this.src.slice(this.at, this.at + 3))) {
        this.at = before;
        return text;
      }
      text += this.string();
    }
  }

  private string(): string {
    const start = STRING_START.exec(this.src.slice(this.at, this.at + 3)) ?? fail();
    const [whole, prefix, quote] = start as RegExpExecArray;
    const kind = prefix!.toLowerCase();
    if (kind !== "" && kind !== "r" && kind !== "u") fail(); // bytes and f-strings are not str literals
    this.at += whole!.length - 1;
    const closing = this.src.startsWith(quote!.repeat(3), this.at) ? quote!.repeat(3) : quote!;
    this.at += closing.length;
    const raw = kind === "r";
    let text = "";
    for (;;) {
      if (this.at >= this.src.length) fail();
      if (this.src.startsWith(closing, this.at)) {
        this.at += closing.length;
        return text;
      }
      const ch = this.src[this.at]!;
      if (ch === "\n" && closing.length === 1) fail();
      if (ch !== "\\") {
        text += ch;
        this.at++;
      } else if (this.at + 1 >= this.src.length) fail();
      else if (raw) {
        text += this.src.slice(this.at, this.at + 2);
        this.at += 2;
      } else text += this.escape();
    }
  }

  /** A backslash escape of a str literal, read from the backslash. */
  private escape(): string {
    const next = this.src[this.at + 1]!;
    this.at += 2;
    if (next === "\n") return "";
    if (next in ESCAPES) return ESCAPES[next]!;
    if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{0,2}/.exec(this.src.slice(this.at, this.at + 2))![0];
      this.at += digits.length;
      return String.fromCodePoint(parseInt(next + digits, 8));
    }
    const width = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
    if (width > 0) {
      const digits = this.src.slice(this.at, this.at + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(digits)) fail();
      const code = parseInt(digits, 16);
      if (code > 0x10ffff) fail();
      this.at += width;
      return String.fromCodePoint(code);
    }
    if (next === "N") fail(); // \N{name}: Unicode's name table (see the module's comment)
    this.at -= 1; // an unknown escape keeps its backslash; the character is read next
    return "\\";
  }
}
