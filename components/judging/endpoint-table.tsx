"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { EndpointCheck, EndpointDto, NewEndpoint } from "@/lib/schemas/judging";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Field, TextInput } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";

/** The admin's judge endpoints: register one, check that it answers, remove it. Keys are never shown. */
export function EndpointTable({ endpoints: initial }: { endpoints: EndpointDto[] }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.judging.endpoints,
    queryFn: judgingApi.endpoints,
    initialData: { endpoints: initial },
  });
  const [checks, setChecks] = useState<Record<number, EndpointCheck>>({});
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.judging.endpoints });
  const check = useMutation({
    mutationFn: judgingApi.checkEndpoint,
    onSuccess: (result, id) => setChecks((c) => ({ ...c, [id]: result })),
  });
  const remove = useMutation({ mutationFn: judgingApi.deleteEndpoint, onSuccess: refresh });
  const busy = check.isPending || remove.isPending;
  return (
    <>
      <NewEndpointForm onCreated={refresh} />
      {(check.error ?? remove.error) && (
        <Alert label="Endpoints error" className="mt-4">
          {(check.error ?? remove.error)!.message}
        </Alert>
      )}
      {data.endpoints.length === 0 ? (
        <p className="mt-6 text-sm text-stone-600">No endpoint yet: register the first one above.</p>
      ) : (
        <DataTable
          className="mt-6"
          label="Judge endpoints"
          minWidth="min-w-[44rem]"
          rows={data.endpoints}
          rowKey={(e) => e.id}
          rowProps={(e) => ({ className: "align-top", "data-testid": `endpoint-${e.name}` })}
          columns={[
            {
              header: "Endpoint",
              cell: (e) => (
                <>
                  <span className="font-medium">{e.name}</span>
                  <span className="block text-xs text-stone-600">{e.model}</span>
                  <span className="block text-xs break-all text-stone-500">{e.baseUrl}</span>
                </>
              ),
            },
            { header: "Key", cell: (e) => <KeySource endpoint={e} /> },
            {
              header: "Price per 1M tokens",
              cell: (e) =>
                e.inputPricePerMillion === null || e.outputPricePerMillion === null
                  ? "Not set (cost unknown)"
                  : `${e.inputPricePerMillion} in, ${e.outputPricePerMillion} out`,
            },
            {
              header: "Limits",
              cell: (e) =>
                `${e.concurrency} at a time${e.requestsPerMinute === null ? "" : `, ${e.requestsPerMinute} per minute`}`,
            },
            {
              header: <span className="sr-only">Actions</span>,
              cell: (e) => (
                <>
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button
                      type="button"
                      variant="secondary"
                      className="px-2 py-1 text-xs"
                      disabled={busy}
                      onClick={() => check.mutate(e.id)}
                    >
                      {check.isPending && check.variables === e.id ? "Checking…" : "Check"}
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      className="px-2 py-1 text-xs"
                      disabled={busy}
                      onClick={() => {
                        if (window.confirm(`Remove ${e.name} and its key?`)) remove.mutate(e.id);
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                  {checks[e.id] && <CheckResult result={checks[e.id]!} />}
                </>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

function KeySource({ endpoint }: { endpoint: EndpointDto }) {
  const key = endpoint.apiKey;
  if (key.source === "none") return <span>None</span>;
  if (key.source === "stored") return <span>Stored, encrypted</span>;
  return (
    <span>
      From <code className="text-xs">{key.variable}</code>
      {!key.present && <span className="block text-xs text-red-700">not set on this server</span>}
    </span>
  );
}

function CheckResult({ result }: { result: EndpointCheck }) {
  return result.ok ? (
    <p role="status" className="mt-2 text-right text-xs text-emerald-800">
      Answered in {result.latencyMs} ms: “{result.reply}”
    </p>
  ) : (
    <Alert label="Check failed" inline className="mt-2 text-right text-xs">
      {result.error}
    </Alert>
  );
}

/** The form's fields as a new endpoint: empty prices and limits are "not set". */
function endpointOf(form: FormData): NewEndpoint {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const number = (name: string) => (text(name) === "" ? null : Number(text(name)));
  const source = text("keySource");
  return {
    name: text("name"),
    baseUrl: text("baseUrl"),
    model: text("model"),
    apiKey:
      source === "env"
        ? { source: "env", variable: text("keyVariable") }
        : source === "stored"
          ? { source: "stored", value: text("keyValue") }
          : { source: "none" },
    inputPricePerMillion: number("inputPrice"),
    outputPricePerMillion: number("outputPrice"),
    concurrency: number("concurrency") ?? 4,
    requestsPerMinute: number("requestsPerMinute"),
  };
}

function NewEndpointForm({ onCreated }: { onCreated: () => void }) {
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<"env" | "stored" | "none">("env");
  const create = useMutation({ mutationFn: judgingApi.createEndpoint, onSuccess: onCreated });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate(endpointOf(new FormData(form)), {
      onSuccess: () => {
        form.reset();
        setSource("env");
        setOpen(false);
      },
    });
  }
  if (!open)
    return (
      <Button type="button" onClick={() => setOpen(true)}>
        New endpoint
      </Button>
    );
  const pending = create.isPending;
  return (
    <form
      onSubmit={onSubmit}
      aria-label="New endpoint"
      className="grid max-w-3xl gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
    >
      <Field label="Name" hint="What researchers choose, such as “local-qwen”">
        <TextInput name="name" required maxLength={60} disabled={pending} autoFocus />
      </Field>
      <Field label="Model" hint="As the server names it, such as gpt-4o-mini or qwen2.5:7b">
        <TextInput name="model" required maxLength={200} disabled={pending} />
      </Field>
      <Field
        label="Base URL"
        hint="Calls go to this URL + /chat/completions, never anywhere it redirects"
        className="sm:col-span-2"
      >
        <TextInput name="baseUrl" type="url" required placeholder="http://127.0.0.1:8000/v1" disabled={pending} />
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">API key</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(
            [
              ["env", "An environment variable of the server (preferred)"],
              ["stored", "Store it encrypted"],
              ["none", "None (a local server)"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="keySource"
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
                disabled={pending}
              />
              {label}
            </label>
          ))}
        </div>
        {source === "env" && (
          <Field label="Variable" className="mt-2" hint="Set on the server that runs Assay; its value is never shown">
            <TextInput name="keyVariable" required placeholder="OPENAI_API_KEY" disabled={pending} />
          </Field>
        )}
        {source === "stored" && (
          <Field
            label="Key"
            className="mt-2"
            hint="Encrypted with the server's ASSAY_ENCRYPTION_KEY; never shown again, nor exported"
          >
            <TextInput name="keyValue" type="password" required autoComplete="off" disabled={pending} />
          </Field>
        )}
      </fieldset>
      <Field label="Input price per 1M tokens" hint="Empty: the cost stays unknown">
        <TextInput name="inputPrice" type="number" min={0} step="any" disabled={pending} />
      </Field>
      <Field label="Output price per 1M tokens">
        <TextInput name="outputPrice" type="number" min={0} step="any" disabled={pending} />
      </Field>
      <Field label="Calls at a time">
        <TextInput name="concurrency" type="number" min={1} max={256} defaultValue={4} required disabled={pending} />
      </Field>
      <Field label="Calls per minute" hint="Empty: no limit but the calls at a time">
        <TextInput name="requestsPerMinute" type="number" min={1} disabled={pending} />
      </Field>
      <FormActions
        submit="Register endpoint"
        pending={pending}
        error={create.error}
        errorLabel="New endpoint error"
        onCancel={() => setOpen(false)}
        className="sm:col-span-2"
      />
    </form>
  );
}
