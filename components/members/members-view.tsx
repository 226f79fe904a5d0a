"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { MemberRole } from "@/lib/domain/roles";
import { peopleApi } from "@/lib/client/people-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { Member } from "@/lib/schemas/members";
import type { PasswordLink } from "@/lib/schemas/users";
import { AccountFields, accountOf } from "@/components/admin/account-fields";
import { PasswordLinkNotice } from "@/components/admin/password-link-notice";
import { Button } from "@/components/ui/button";
import { Select, TextInput } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { DataTable } from "@/components/ui/data-table";
import { ClientForm } from "@/components/ui/client-form";

type Props = { study: { id: number; name: string }; members: Member[]; me: { id: number; admin: boolean } };

/**
 * A study's researchers and annotators: add people who have an account by email, change a
 * member's role, take a member off (their labels stay). Admins also create accounts here, with a
 * password or an invite link.
 */
export function MembersView({ study, members: initial, me }: Props) {
  const qc = useQueryClient();
  const router = useRouter();
  const key = queryKeys.studies.members(study.id);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => peopleApi.members(study.id),
    initialData: { members: initial },
  });
  const [problem, setProblem] = useState<string | null>(null);
  // the study's navigation above the page counts the members: render it again too
  const refresh = () => {
    router.refresh();
    return qc.invalidateQueries({ queryKey: key });
  };
  const onError = (e: Error) => setProblem(e.message);
  const change = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: MemberRole }) =>
      peopleApi.changeMemberRole(study.id, userId, role),
    onMutate: () => setProblem(null),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: (userId: number) => peopleApi.removeMember(study.id, userId),
    onMutate: () => setProblem(null),
    onSuccess: refresh,
    onError,
  });
  const busy = change.isPending || remove.isPending;
  return (
    <>
      <PageHeader
        title="Members"
        description={
          <>
            Researchers open the study, its reports and its LLM labels; annotators see only the campaigns they are
            given. Taking someone off the study keeps their labels; the items they held go back to the others.
          </>
        }
      />
      {problem && (
        <Alert label="Members error" className="mt-4">
          {problem}
        </Alert>
      )}
      <DataTable
        className="mt-4"
        label="Members"
        minWidth="min-w-[36rem]"
        rows={data.members}
        rowKey={(m) => m.userId}
        rowProps={(m) => ({ "data-testid": `member-${m.email}` })}
        columns={[
          {
            header: "Member",
            cell: (m) => (
              <>
                <span className="font-medium">{m.name}</span> <span className="text-xs text-stone-500">{m.email}</span>
                {m.invited && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">invited</span>}
                {m.disabled && <span className="ml-2 rounded bg-stone-200 px-1.5 text-xs">disabled</span>}
              </>
            ),
          },
          {
            header: "Role in the study",
            cell: (m) => (
              <Select
                compact
                fit
                aria-label={`Role of ${m.email}`}
                value={m.role}
                disabled={busy || (m.userId === me.id && !me.admin)}
                onChange={(e) => change.mutate({ userId: m.userId, role: e.target.value as MemberRole })}
              >
                <option value="researcher">Researcher</option>
                <option value="annotator">Annotator</option>
              </Select>
            ),
          },
          { header: "Campaigns", numeric: true, cell: (m) => m.campaigns },
          {
            header: <span className="sr-only">Actions</span>,
            alignRight: true,
            cell: (m) =>
              (m.userId !== me.id || me.admin) && (
                <Button
                  type="button"
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  disabled={busy}
                  onClick={() => remove.mutate(m.userId)}
                  aria-label={`Remove ${m.email}`}
                >
                  Remove
                </Button>
              ),
          },
        ]}
      />
      {data.members.length === 0 && (
        <p className="py-3 text-sm text-stone-500">
          Nobody yet: add the study&apos;s researchers and annotators below.
        </p>
      )}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        <AddMemberForm studyId={study.id} admin={me.admin} onAdded={refresh} />
        {me.admin && <NewAccountForm studyId={study.id} onAdded={refresh} />}
      </div>
    </>
  );
}

function AddMemberForm({ studyId, admin, onAdded }: { studyId: number; admin: boolean; onAdded: () => void }) {
  // what the last add did, said under the form: added, or already a member in that role
  const [outcome, setOutcome] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (input: { email: string; role: MemberRole }) => peopleApi.addMember(studyId, input),
    onSuccess: onAdded,
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      email: String(form.get("email") ?? "").trim(),
      role: (form.get("role") === "researcher" ? "researcher" : "annotator") as MemberRole,
    };
    setOutcome(null);
    add.mutate(input, {
      onSuccess: ({ added }) => {
        setOutcome(
          added
            ? `Added ${input.email} as ${input.role === "researcher" ? "a researcher" : "an annotator"}.`
            : `${input.email} is already ${input.role === "researcher" ? "a researcher" : "an annotator"} of this study: nothing changed.`,
        );
        (event.target as HTMLFormElement).reset();
      },
    });
  }
  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-label="Add a member"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 className="font-semibold">Add someone with an account</h2>
      <p className="text-sm text-stone-600">
        {admin
          ? "By the email of their account."
          : "By the email of their account. An admin creates accounts and invite links."}
      </p>
      <label className="block text-sm font-medium">
        Email
        <TextInput name="email" type="email" required disabled={add.isPending} className="mt-1" />
      </label>
      <label className="block text-sm font-medium">
        Role in the study
        <Select name="role" defaultValue="annotator" disabled={add.isPending} className="mt-1">
          <option value="annotator">Annotator</option>
          <option value="researcher">Researcher</option>
        </Select>
      </label>
      {add.error && (
        <Alert label="Add member error" inline>
          {add.error.message}
        </Alert>
      )}
      <p role="status" className="text-sm text-stone-700" data-testid="add-member-outcome">
        {outcome ?? ""}
      </p>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? "Adding…" : "Add to the study"}
      </Button>
    </ClientForm>
  );
}

/** Admins only: a new account (with a password, or an invite link) that joins the study at once. */
function NewAccountForm({ studyId, onAdded }: { studyId: number; onAdded: () => void }) {
  const [link, setLink] = useState<{ email: string; link: PasswordLink } | null>(null);
  const create = useMutation({
    mutationFn: async (input: { email: string; name?: string; password?: string; role: MemberRole }) => {
      const created = await peopleApi.createAccount({
        email: input.email,
        name: input.name,
        password: input.password,
        role: input.role,
      });
      await peopleApi.addMember(studyId, { email: created.user.email, role: input.role });
      return created;
    },
    onSuccess: (created) => {
      setLink(created.link ? { email: created.user.email, link: created.link } : null);
      onAdded();
    },
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const account = accountOf(new FormData(event.currentTarget));
    create.mutate(
      { ...account, role: account.role === "researcher" ? "researcher" : "annotator" },
      { onSuccess: () => (event.target as HTMLFormElement).reset() },
    );
  }
  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-label="New account"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 className="font-semibold">Invite someone new</h2>
      <p className="text-sm text-stone-600">
        Creates their account and adds them. Leave the password empty to get a one-time invite link that lets them
        choose it.
      </p>
      <AccountFields roles={["annotator", "researcher"]} pending={create.isPending} />
      {create.error && (
        <Alert label="New account error" inline>
          {create.error.message}
        </Alert>
      )}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create account and add"}
      </Button>
      {link && <PasswordLinkNotice email={link.email} link={link.link} purpose="invite" />}
    </ClientForm>
  );
}
