import { createInterface } from "node:readline";
import type { CliIo } from "./io";

/**
 * A secret from standard input: the first line when input is piped, otherwise typed at a prompt
 * that does not echo.
 */
export async function readSecret(io: CliIo, prompt: string): Promise<string> {
  if (!io.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk));
    return (Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "").trim();
  }
  const rl = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  let prompted = false;
  output._writeToOutput = (text: string) => {
    if (!prompted) {
      io.stdout.write(text);
      prompted = true;
    }
  };
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
  rl.close();
  io.stdout.write("\n");
  return answer.trim();
}
