"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { queryKeys } from "@/lib/client/query-keys";
import { tokenApi } from "@/lib/client/token-api";
import { TOKEN_ACCESS, type ApiTokenDto, type ApiTokenList, type TokenAccess } from "@/lib/schemas/api-tokens";
import { Alert } from "@/components/ui/alert";
import { FormActions } from "@/components/ui/form-actions";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Field, Select, TextInput } from "@/components/ui/field";

const ACCESS_NAMES: Record<TokenAccess, string> = {
  read: "Read (GET only)",
  "read-write": "Read and write",
};
const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en", { day: "numeric", month: "short", year: "numeric" });

function statusOf(t: ApiTokenDto, now: number): string {
  if (t.revokedAt) return `Revoked ${day(t.revokedAt)}`;
  if (Date.parse(t.expiresAt) <= now) return `Expired ${day(t.expiresAt)}`;
  return `Until ${day(t.expiresAt)}`;
}

/** The user's personal API tokens: create one (shown once), see each one's studies and last use, revoke. */
export function ApiTokens({ initial }: { initial: ApiTokenList }) {
  const qc = useQueryClient();
  const { data } = useQuery({ queryKey: queryKeys.me.tokens(), queryFn: tokenApi.list, initialData: initial });
  const [secret, setSecret] = useState<{ name: string; text: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.me.tokens() });
  const revoke = useMutation({ mutationFn: tokenApi.revoke, onSuccess: refresh });
  const now = Date.now();
  return (
    <section aria-labelledby="tokens-heading" className="mt-6">
      <h2 id="tokens-heading" className="text-lg font-semibold">
        API tokens
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">
        A script or a notebook calls Assay&apos;s API with <code>Authorization: Bearer &lt;token&gt;</code>, as you, in
        the studies the token names only. The API is described at{" "}
        <a className="underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </p>
      <NewTokenForm
        studies={data.studies}
        onCreated={(name, text) => {
          setSecret({ name, text });
          void refresh();
        }}
      />
      {secret && <NewTokenSecret name={secret.name} text={secret.text} />}
      {revoke.error && (
        <Alert label="Token error" className="mt-4">
          {revoke.error.message}
        </Alert>
      )}
      {data.tokens.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No tokens yet.</p>
      ) : (
        <DataTable
          className="mt-4"
          label="API tokens"
          minWidth="min-w-[40rem]"
          rows={data.tokens}
          rowKey={(t) => t.id}
          rowProps={(t) => ({ className: "align-top", "data-testid": `token-${t.name}` })}
          columns={[
            { header: "Name", cell: (t) => <span className="font-medium">{t.name}</span> },
            { header: "Studies", cell: (t) => t.studies.map((s) => s.name).join(", ") },
            { header: "Access", cell: (t) => ACCESS_NAMES[t.access] },
            { header: "Status", cell: (t) => statusOf(t, now) },
            { header: "Last used", cell: (t) => (t.lastUsedAt ? day(t.lastUsedAt) : "Never") },
            {
              header: <span className="sr-only">Actions</span>,
              cell: (t) =>
                t.revokedAt ? null : (
                  <Button
                    type="button"
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(t.id)}
                  >
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}

/** A token just created: shown once, selected on focus for copying. */
function NewTokenSecret({ name, text }: { name: string; text: string }) {
  return (
    <div
      role="status"
      aria-label="New token"
      className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm"
    >
      <p>
        The token <strong>{name}</strong>: copy it now, it is not shown again.
      </p>
      <input
        readOnly
        value={text}
        aria-label="Token"
        data-testid="new-token"
        onFocus={(e) => e.currentTarget.select()}
        className="mt-2 w-full rounded border border-emerald-300 bg-white px-2 py-1 font-mono text-xs"
      />
    </div>
  );
}

function NewTokenForm({
  studies,
  onCreated,
}: {
  studies: ApiTokenList["studies"];
  onCreated: (name: string, secret: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const create = useMutation({ mutationFn: tokenApi.create });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const token = {
      name: String(form.get("name") ?? ""),
      studies: form.getAll("studies").map(Number),
      access: String(form.get("access")) as TokenAccess,
      expiresInDays: Number(form.get("days")),
    };
    create.mutate(token, {
      onSuccess: (created) => {
        onCreated(created.token.name, created.secret);
        setOpen(false);
      },
    });
  }
  if (!open)
    return (
      <Button type="button" className="mt-4" onClick={() => setOpen(true)}>
        New token
      </Button>
    );
  return (
    <form
      onSubmit={onSubmit}
      aria-label="New token"
      className="mt-4 grid max-w-2xl gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
    >
      <Field label="Name" hint="What will use it: a notebook, a pipeline.">
        <TextInput name="name" required maxLength={100} autoFocus />
      </Field>
      <Field label="Access">
        <Select name="access" defaultValue="read">
          {TOKEN_ACCESS.map((a) => (
            <option key={a} value={a}>
              {ACCESS_NAMES[a]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Expires after" hint="Days, 1 to 365.">
        <TextInput name="days" type="number" min={1} max={365} defaultValue={90} required />
      </Field>
      <fieldset className="text-sm sm:col-span-2">
        <legend className="font-medium">Studies</legend>
        {studies.length === 0 && <p className="mt-1 text-stone-600">You are a member of no study yet.</p>}
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {studies.map((s) => (
            <label key={s.id} className="flex items-center gap-2">
              <input type="checkbox" name="studies" value={s.id} />
              {s.name}
            </label>
          ))}
        </div>
      </fieldset>
      <FormActions
        submit="Create token"
        pending={create.isPending}
        error={create.error}
        errorLabel="New token error"
        onCancel={() => setOpen(false)}
        className="sm:col-span-2"
      />
    </form>
  );
}
