import type { EndpointDto, NewEndpoint } from "@/lib/schemas/judging";
import { checkEndpoint } from "@/lib/server/judging/check-endpoint";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { deleteEndpoint } from "@/lib/server/judging/delete-endpoint";
import { listEndpoints } from "@/lib/server/judging/list-endpoints";
import { orInputError } from "../operator";
import { printTable } from "../print-table";
import { readSecret } from "../read-secret";
import { inputError, parseContractArgs } from "./contract-input";
import { printLine, printError, type CliIo } from "../io";
import { decimalOption, wholeOption } from "../numeric-options";

/** A price per million tokens, in the endpoint's currency. */
const PRICE = { min: 0, max: 1_000_000, example: "0.15" };

/**
 * `assay judge endpoints add --name N --base-url URL --model M [--concurrency C] [--rpm R]
 * [--input-price P --output-price P] [--key-env VARIABLE | --key-stdin]`: registers an
 * OpenAI-compatible endpoint, as an admin does at /admin/judging. Its key is the name of a server
 * environment variable (kept as a name), or read from standard input (a hidden prompt on a
 * terminal) and sealed; never from the command line, where `ps` and the shell's history see it.
 */
export async function judgeEndpointsAdd(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    name: { type: "string" },
    "base-url": { type: "string" },
    model: { type: "string" },
    concurrency: { type: "string" },
    rpm: { type: "string" },
    "input-price": { type: "string" },
    "output-price": { type: "string" },
    "key-env": { type: "string" },
    "key-stdin": { type: "boolean" },
  });
  for (const required of ["name", "base-url", "model"] as const)
    if (!values[required]) throw inputError(`--${required} is required`);
  if (values["key-env"] !== undefined && values["key-stdin"])
    throw inputError("--key-env and --key-stdin: give one (or neither, for an endpoint without a key)");
  const apiKey: NewEndpoint["apiKey"] =
    values["key-env"] !== undefined
      ? { source: "env", variable: values["key-env"] }
      : values["key-stdin"]
        ? { source: "stored", value: await readSecret(io, `API key for ${values.name}: `) }
        : { source: "none" };
  const endpoint = await orInputError(
    createEndpoint({
      name: values.name!,
      baseUrl: values["base-url"]!,
      model: values.model!,
      apiKey,
      ...(values.concurrency === undefined
        ? {}
        : { concurrency: wholeOption("concurrency", values.concurrency, { min: 1, max: 256 }) }),
      ...(values.rpm === undefined
        ? {}
        : { requestsPerMinute: wholeOption("rpm", values.rpm, { min: 1, max: 1_000_000 }) }),
      ...(values["input-price"] === undefined
        ? {}
        : { inputPricePerMillion: decimalOption("input-price", values["input-price"], PRICE) }),
      ...(values["output-price"] === undefined
        ? {}
        : { outputPricePerMillion: decimalOption("output-price", values["output-price"], PRICE) }),
    }),
  );
  printLine(io, JSON.stringify({ created: endpoint }));
}

/** `assay judge endpoints list [--format json|table]`: the registered endpoints (a key's source, never the key). */
export async function judgeEndpointsList(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, { format: { type: "string", default: "json" } });
  if (values.format !== "json" && values.format !== "table") throw inputError("--format must be json or table");
  const endpoints = await listEndpoints();
  if (values.format === "json") {
    for (const e of endpoints) printLine(io, JSON.stringify(e));
    return;
  }
  printTable(io, [
    ["name", "model", "base URL", "concurrency", "key"],
    ...endpoints.map((e) => [e.name, e.model, e.baseUrl, String(e.concurrency), keyText(e)]),
  ]);
}

/** `assay judge endpoints check --name N`: one short call with its key; prints the outcome, exits 1 when it failed. */
export async function judgeEndpointsCheck(args: string[], io: CliIo): Promise<void> {
  const endpoint = await namedEndpoint(parseContractArgs(args, { name: { type: "string" } }).name);
  const check = await orInputError(checkEndpoint(endpoint.id));
  printLine(io, JSON.stringify({ endpoint: endpoint.name, ...check }));
  if (!check.ok) {
    printError(io, `assay: endpoint ${endpoint.name} did not answer: ${check.error}`);
    io.exitCode = 1;
  }
}

/**
 * `assay judge endpoints remove --name N [--force]`: removes it and its key (its finished runs keep
 * where they went). Refused while running or paused runs use it; --force fails them, with the reason.
 */
export async function judgeEndpointsRemove(args: string[], io: CliIo): Promise<void> {
  const { name, force } = parseContractArgs(args, { name: { type: "string" }, force: { type: "boolean" } });
  const endpoint = await namedEndpoint(name);
  const { failedRuns } = await orInputError(deleteEndpoint(endpoint.id, { force }));
  printLine(io, JSON.stringify({ removed: endpoint.name, failedRuns }));
}

async function namedEndpoint(name: string | undefined): Promise<EndpointDto> {
  if (!name) throw inputError("--name is required");
  const endpoint = (await listEndpoints()).find((e) => e.name === name);
  if (!endpoint) throw inputError(`--name: there is no endpoint named "${name}" (judge endpoints list shows them)`);
  return endpoint;
}

const keyText = (e: EndpointDto) =>
  e.apiKey.source === "env"
    ? `$${e.apiKey.variable}${e.apiKey.present ? "" : " (not set)"}`
    : e.apiKey.source === "stored"
      ? "stored (sealed)"
      : "none";
