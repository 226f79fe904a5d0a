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
      ...(values.concurrency === undefined ? {} : { concurrency: integerOption("concurrency", values.concurrency) }),
      ...(values.rpm === undefined ? {} : { requestsPerMinute: integerOption("rpm", values.rpm) }),
      ...(values["input-price"] === undefined
        ? {}
        : { inputPricePerMillion: numberOption("input-price", values["input-price"]) }),
      ...(values["output-price"] === undefined
        ? {}
        : { outputPricePerMillion: numberOption("output-price", values["output-price"]) }),
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
  const endpoint = await namedEndpoint(args);
  const check = await orInputError(checkEndpoint(endpoint.id));
  printLine(io, JSON.stringify({ endpoint: endpoint.name, ...check }));
  if (!check.ok) {
    printError(io, `assay: endpoint ${endpoint.name} did not answer: ${check.error}`);
    io.exitCode = 1;
  }
}

/** `assay judge endpoints remove --name N`: removes it and its key (its runs keep where they went). */
export async function judgeEndpointsRemove(args: string[], io: CliIo): Promise<void> {
  const endpoint = await namedEndpoint(args);
  await orInputError(deleteEndpoint(endpoint.id));
  printLine(io, JSON.stringify({ removed: endpoint.name }));
}

async function namedEndpoint(args: string[]): Promise<EndpointDto> {
  const { name } = parseContractArgs(args, { name: { type: "string" } });
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

function integerOption(name: string, text: string): number {
  if (!/^[0-9]+$/.test(text)) throw inputError(`--${name} must be a whole number`);
  return Number(text);
}

function numberOption(name: string, text: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) throw inputError(`--${name} must be a number, such as 0.15`);
  return Number(text);
}
