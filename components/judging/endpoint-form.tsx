"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import type { EndpointChange, EndpointDto, NewEndpoint } from "@/lib/schemas/judging";
import { Field, TextInput } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";

type KeyChoice = "keep" | "env" | "stored" | "none";

/** The form's fields as an endpoint: empty prices and limits are "not set". */
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

/** The same fields as a change: the key only when the admin chose another source than keeping it. */
function changeOf(form: FormData): EndpointChange {
  const { apiKey, ...fields } = endpointOf(form);
  return form.get("keySource") === "keep" ? fields : { ...fields, apiKey };
}

const keyNow = (key: EndpointDto["apiKey"]) =>
  key.source === "env" ? `from ${key.variable}` : key.source === "stored" ? "stored, encrypted" : "none";

/**
 * Registers an endpoint, or (given `endpoint`) changes one: every field shown as it is, and its key
 * kept unless the admin picks a new source. A key is never shown, not even here.
 */
export function EndpointForm({
  endpoint,
  onDone,
  onCancel,
}: {
  endpoint?: EndpointDto;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [source, setSource] = useState<KeyChoice>(endpoint ? "keep" : "env");
  const save = useMutation({
    mutationFn: (form: FormData) =>
      endpoint ? judgingApi.updateEndpoint(endpoint.id, changeOf(form)) : judgingApi.createEndpoint(endpointOf(form)),
    onSuccess: onDone,
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  }
  const pending = save.isPending;
  const choices: [KeyChoice, string][] = [
    ...(endpoint ? [["keep", `Keep the current key (${keyNow(endpoint.apiKey)})`] as [KeyChoice, string]] : []),
    ["env", "An environment variable of the server (preferred)"],
    ["stored", "Store it encrypted"],
    ["none", "None (a local server)"],
  ];
  const label = endpoint ? `Edit ${endpoint.name}` : "New endpoint";
  return (
    <form
      onSubmit={onSubmit}
      aria-label={label}
      className="grid max-w-3xl gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
    >
      {endpoint && <h2 className="font-medium sm:col-span-2">{label}</h2>}
      <Field label="Name" hint="What researchers choose, such as “local-qwen”">
        <TextInput name="name" required maxLength={60} defaultValue={endpoint?.name} disabled={pending} autoFocus />
      </Field>
      <Field label="Model" hint="As the server names it, such as gpt-4o-mini or qwen2.5:7b">
        <TextInput name="model" required maxLength={200} defaultValue={endpoint?.model} disabled={pending} />
      </Field>
      <Field
        label="Base URL"
        hint="Calls go to this URL + /chat/completions, never anywhere it redirects"
        className="sm:col-span-2"
      >
        <TextInput
          name="baseUrl"
          type="url"
          required
          placeholder="http://127.0.0.1:8000/v1"
          defaultValue={endpoint?.baseUrl}
          disabled={pending}
        />
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">API key</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {choices.map(([value, text]) => (
            <label key={value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="keySource"
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
                disabled={pending}
              />
              {text}
            </label>
          ))}
        </div>
        {source === "env" && (
          <Field
            label="Variable"
            className="mt-2"
            hint="Its name starts with ASSAY_JUDGE_KEY_; set on the server that runs Assay; its value is never shown"
          >
            <TextInput name="keyVariable" required placeholder="ASSAY_JUDGE_KEY_OPENAI" disabled={pending} />
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
        <TextInput
          name="inputPrice"
          type="number"
          min={0}
          step="any"
          defaultValue={endpoint?.inputPricePerMillion ?? undefined}
          disabled={pending}
        />
      </Field>
      <Field label="Output price per 1M tokens">
        <TextInput
          name="outputPrice"
          type="number"
          min={0}
          step="any"
          defaultValue={endpoint?.outputPricePerMillion ?? undefined}
          disabled={pending}
        />
      </Field>
      <Field label="Calls at a time">
        <TextInput
          name="concurrency"
          type="number"
          min={1}
          max={256}
          defaultValue={endpoint?.concurrency ?? 4}
          required
          disabled={pending}
        />
      </Field>
      <Field label="Calls per minute" hint="Empty: no limit but the calls at a time">
        <TextInput
          name="requestsPerMinute"
          type="number"
          min={1}
          defaultValue={endpoint?.requestsPerMinute ?? undefined}
          disabled={pending}
        />
      </Field>
      <FormActions
        submit={endpoint ? "Save changes" : "Register endpoint"}
        pendingText={endpoint ? "Saving…" : "Registering…"}
        pending={pending}
        error={save.error}
        errorLabel={endpoint ? "Edit endpoint error" : "New endpoint error"}
        onCancel={onCancel}
        className="sm:col-span-2"
      />
    </form>
  );
}
