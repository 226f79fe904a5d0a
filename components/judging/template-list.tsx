"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { JudgingPage } from "@/lib/schemas/judging";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { Button } from "@/components/ui/button";
import { TemplateEditor } from "./template-editor";

/** Every template the study may run, with its versions; "New template" or "Edit" (of any version, a built-in one as a copy) opens the editor. */
export function TemplateList({ studyId, templates: initial }: { studyId: number } & Pick<JudgingPage, "templates">) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.judging.templates(studyId),
    queryFn: () => judgingApi.templates(studyId),
    initialData: { templates: initial },
  });
  const [editing, setEditing] = useState<{ from: JudgeTemplate | null; key: string } | null>(null);
  return (
    <>
      <div className="mt-3">
        {editing ? (
          <TemplateEditor
            studyId={studyId}
            key={editing.key}
            from={editing.from}
            onSaved={() => void qc.invalidateQueries({ queryKey: queryKeys.judging.templates(studyId) })}
            onClose={() => setEditing(null)}
          />
        ) : (
          <Button type="button" onClick={() => setEditing({ from: null, key: "new" })}>
            New template
          </Button>
        )}
      </div>
      <ul className="mt-4 space-y-3" aria-label="Templates">
        {data.templates.map((t) => (
          <li
            key={t.name}
            className="rounded-lg border border-stone-200 bg-white p-3 text-sm"
            data-testid={`template-${t.name}`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span>
                <span className="font-medium">{t.name}</span>{" "}
                <span className="text-stone-600">
                  {t.versions[0]!.template.task}, {t.versions[0]!.template.scale}
                  {t.builtin ? " · built in" : ""}
                </span>
              </span>
              <Button
                type="button"
                variant="secondary"
                className="px-2 py-1 text-xs"
                onClick={() =>
                  setEditing({
                    from: t.builtin ? { ...t.versions[0]!.template, name: `${t.name}-copy` } : t.versions[0]!.template,
                    key: `${t.name}@${t.versions[0]!.version}`,
                  })
                }
              >
                {t.builtin ? "Copy and edit" : "Edit"}
              </Button>
            </div>
            <ol className="mt-1 space-y-0.5 text-xs text-stone-600">
              {t.versions.map((v, i) => (
                <li key={v.version}>
                  <span className="font-mono">{v.version.slice(0, 12)}</span>
                  {i === 0 ? " (newest)" : ""}
                  {v.createdBy ? ` · ${v.createdBy}` : ""}
                  {v.createdAt ? ` · ${new Date(v.createdAt).toLocaleString()}` : ""}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </>
  );
}
