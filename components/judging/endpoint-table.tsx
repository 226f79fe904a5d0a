"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "@/lib/client/fetch-json";
import { judgingApi } from "@/lib/client/judging-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { EndpointCheck, EndpointDto } from "@/lib/schemas/judging";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EndpointForm } from "./endpoint-form";

/** The admin's judge endpoints: register one, change it, check that it answers, remove it. Keys are never shown. */
export function EndpointTable({ endpoints: initial }: { endpoints: EndpointDto[] }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.judging.endpoints,
    queryFn: judgingApi.endpoints,
    initialData: { endpoints: initial },
  });
  const [checks, setChecks] = useState<Record<number, EndpointCheck>>({});
  /** The form open above the table: none, a new endpoint, or the endpoint of this id. */
  const [form, setForm] = useState<"closed" | "new" | number>("closed");
  const editing = typeof form === "number" ? data.endpoints.find((e) => e.id === form) : undefined;
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.judging.endpoints });
  const check = useMutation({
    mutationFn: judgingApi.checkEndpoint,
    onSuccess: (result, id) => setChecks((c) => ({ ...c, [id]: result })),
  });
  // runs that use the endpoint refuse its removal: the admin may go on, and those runs fail with the reason
  const remove = useMutation({
    mutationFn: async (id: number) => {
      try {
        return await judgingApi.deleteEndpoint(id);
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.status === 409 &&
          window.confirm(`${error.message}.\n\nRemove it anyway?`)
        )
          return judgingApi.deleteEndpoint(id, true);
        throw error;
      }
    },
    onSuccess: refresh,
  });
  const busy = check.isPending || remove.isPending;
  return (
    <>
      {form === "closed" || (form !== "new" && !editing) ? (
        <Button type="button" onClick={() => setForm("new")}>
          New endpoint
        </Button>
      ) : (
        <EndpointForm
          key={String(form)}
          endpoint={editing}
          onDone={() => {
            setForm("closed");
            void refresh();
          }}
          onCancel={() => setForm("closed")}
        />
      )}
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
                      onClick={() => setForm(e.id)}
                    >
                      Edit
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
