import fs from "node:fs";
import path from "node:path";
import type { ImportFile } from "@/lib/server/imports/import-into-study";

export const SHARED_DATA = path.resolve("../shared/data");

export const fileInput = (file: string): ImportFile => ({
  name: path.basename(file),
  chunks: fs.createReadStream(path.resolve(SHARED_DATA, file)),
});

export const textInput = (name: string, text: string | Uint8Array): ImportFile => ({
  name,
  chunks: (async function* () {
    yield text;
  })(),
});

/** Objects as the lines of a JSONL file. */
export const jsonl = (...rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
