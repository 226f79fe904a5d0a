"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { USER_ROLES, type UserRole } from "@/lib/domain/roles";
import { peopleApi } from "@/lib/client/people-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { AdminUser, PasswordLink, UserChange } from "@/lib/schemas/users";
import { Button } from "@/components/ui/button";
import { AccountFields, accountOf, ROLE_NAMES } from "./account-fields";
import { PasswordLinkNotice } from "./password-link-notice";
import { Alert } from "@/components/ui/alert";
import { FormActions } from "@/components/ui/form-actions";
import { DataTable } from "@/components/ui/data-table";
import { Select, TextInput } from "@/components/ui/field";

/** The admin's accounts: create (with a password or an invite link), change the role, disable, reset the password. */
export function UserTable({ users: initial, meId }: { users: AdminUser[]; meId: number }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.users.all,
    queryFn: peopleApi.users,
    initialData: { users: initial },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState<{ email: string; link: PasswordLink; purpose: "invite" | "reset" } | null>(null);
  const [resetting, setResetting] = useState<number | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.users.all });
  const update = useMutation({
    mutationFn: ({ userId, change }: { userId: number; change: UserChange }) => peopleApi.updateUser(userId, change),
    onMutate: () => setProblem(null),
    onSuccess: refresh,
    onError: (e) => setProblem(e.message),
  });
  const reset = useMutation({
    mutationFn: ({ user, password }: { user: AdminUser; password?: string }) =>
      peopleApi.resetPassword(user.id, password),
    onMutate: () => setProblem(null),
    onSuccess: (result, { user }) => {
      setResetting(null);
      setLink(result.link ? { email: user.email, link: result.link, purpose: "reset" } : null);
      void refresh();
    },
    onError: (e) => setProblem(e.message),
  });
  const busy = update.isPending || reset.isPending;
  return (
    <>
      <NewUserForm
        onCreated={(email, created) => {
          setLink(created ? { email, link: created, purpose: "invite" } : null);
          void refresh();
        }}
      />
      {problem && (
        <Alert label="Users error" className="mt-4">
          {problem}
        </Alert>
      )}
      {link && <PasswordLinkNotice email={link.email} link={link.link} purpose={link.purpose} />}
      <DataTable
        className="mt-6"
        label="Users"
        minWidth="min-w-[40rem]"
        rows={data.users}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ className: "align-top", "data-testid": `user-${u.email}` })}
        columns={[
          {
            header: "User",
            cell: (u) => (
              <>
                <span className="font-medium">{u.name}</span> <span className="text-xs text-stone-500">{u.email}</span>
              </>
            ),
          },
          {
            header: "Role",
            cell: (u) => (
              <Select
                compact
                fit
                aria-label={`Role of ${u.email}`}
                value={u.role}
                disabled={busy || u.id === meId}
                onChange={(e) => update.mutate({ userId: u.id, change: { role: e.target.value as UserRole } })}
              >
                {USER_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_NAMES[r]}
                  </option>
                ))}
              </Select>
            ),
          },
          {
            header: "Status",
            cell: (u) => (u.disabled ? "Disabled" : u.invited ? "Invited (no password yet)" : "Active"),
          },
          { header: "Studies", numeric: true, cell: (u) => u.studies },
          {
            header: <span className="sr-only">Actions</span>,
            cell: (u) => (
              <>
                <div className="flex flex-wrap justify-end gap-2">
                  {u.id !== meId && (
                    <Button
                      type="button"
                      variant="secondary"
                      className="px-2 py-1 text-xs"
                      disabled={busy}
                      onClick={() => update.mutate({ userId: u.id, change: { disabled: !u.disabled } })}
                    >
                      {u.disabled ? "Enable" : "Disable"}
                    </Button>
                  )}
                  <Button
                    type="button"
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    disabled={busy}
                    onClick={() => setResetting(resetting === u.id ? null : u.id)}
                  >
                    Reset password
                  </Button>
                </div>
                {resetting === u.id && (
                  <ResetForm user={u} busy={busy} onReset={(password) => reset.mutate({ user: u, password })} />
                )}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

function ResetForm({ user, busy, onReset }: { user: AdminUser; busy: boolean; onReset: (password?: string) => void }) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    onReset(password || undefined);
  }
  return (
    <form
      onSubmit={onSubmit}
      aria-label={`Reset the password of ${user.email}`}
      className="mt-2 flex flex-wrap items-end justify-end gap-2"
    >
      <label className="text-xs">
        New password <span className="text-stone-500">(empty: a reset link)</span>
        <TextInput
          compact
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          disabled={busy}
          className="mt-0.5 max-w-48"
        />
      </label>
      <Button type="submit" className="px-2 py-1 text-xs" disabled={busy}>
        Reset and sign out
      </Button>
    </form>
  );
}

function NewUserForm({ onCreated }: { onCreated: (email: string, link: PasswordLink | null) => void }) {
  const [open, setOpen] = useState(false);
  const create = useMutation({
    mutationFn: peopleApi.createAccount,
    onSuccess: (created) => onCreated(created.user.email, created.link),
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(accountOf(new FormData(event.currentTarget)), {
      onSuccess: () => {
        (event.target as HTMLFormElement).reset();
        setOpen(false);
      },
    });
  }
  if (!open)
    return (
      <Button type="button" onClick={() => setOpen(true)}>
        New account
      </Button>
    );
  return (
    <form
      onSubmit={onSubmit}
      aria-label="New account"
      className="grid max-w-2xl gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
    >
      <AccountFields roles={USER_ROLES} pending={create.isPending} autoFocus />
      <FormActions
        submit="Create account"
        pending={create.isPending}
        error={create.error}
        errorLabel="New account error"
        onCancel={() => setOpen(false)}
        className="sm:col-span-2"
      />
    </form>
  );
}
