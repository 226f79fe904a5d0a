// Every model of prisma/models.prisma, read from the file itself, so a model added there is in
// every test that goes through the list (what a study bundle and `assay db copy` carry).
import fs from "node:fs";

export const PRISMA_MODELS: readonly string[] = [
  ...fs.readFileSync("prisma/models.prisma", "utf8").matchAll(/^model (\w+) \{/gm),
].map((m) => m[1]!);

/**
 * The models a study bundle does not carry, and why. Everything else a study holds travels in its
 * bundle; `assay db copy` carries every model.
 */
export const NOT_IN_BUNDLES: Readonly<Record<string, string>> = {
  PasswordLink: "a one-time link to set a password is a secret of the server that issued it",
  ApiToken: "an API token is a secret of the server that issued it (only its hash is kept, for its owner)",
  JudgeEndpoint: "an endpoint is the server's, not a study's, and its key must never be written to a file",
  JudgeEndpointSlot: "a call lane's lease is the running server's state",
  EndedSession: "a signed-out session is the server's own state, like its session secret",
};
