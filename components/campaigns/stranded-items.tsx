"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { campaignApi } from "@/lib/client/campaign-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { StrandedAction } from "@/lib/schemas/campaign-admin";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { Button } from "@/components/ui/button";
import { count } from "@/components/ui/wording";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { Select } from "@/components/ui/field";

/**
 * Items whose open seats no annotator of the campaign can take (an item one of two annotators
 * skipped, with overlap 2), and what the researcher can do: give it back to whoever skipped it,
 * give it to another annotator, or close it with the labels it has.
 */
export function StrandedItems({ campaign }: { campaign: CampaignProgress }) {
  const qc = useQueryClient();
  const resolve = useMutation({
    mutationFn: ({ itemId, action }: { itemId: number; action: StrandedAction }) =>
      campaignApi.resolveStranded(campaign.id, itemId, action),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.campaigns.progress(campaign.id) }),
  });
  if (campaign.stranded.length === 0) return null;
  const closed = campaign.status === "closed";
  return (
    <section aria-labelledby="stranded-heading" className="mt-8">
      <h2 id="stranded-heading" className="text-lg font-semibold">
        Stranded items
      </h2>
      <p className="mb-2 max-w-3xl text-sm text-stone-600">
        {count(campaign.items.stranded, "item has", "items have")} open seats that none of the campaign&apos;s
        annotators can take, so
        {campaign.items.stranded === 1 ? " it stays" : " they stay"} in progress. Give an item back to whoever skipped
        it, to another annotator (add annotators with Edit), or close it with the labels it has.
      </p>
      {resolve.error && (
        <Alert label="Stranded item error" inline className="mb-2">
          {resolve.error.message}
        </Alert>
      )}
      <DataTable
        label="Stranded items"
        stackOnPhone
        minWidth="min-w-[40rem]"
        rows={campaign.stranded}
        rowKey={(item) => item.itemId}
        rowProps={(item) => ({ className: "align-top", "data-testid": `stranded-${item.position}` })}
        columns={[
          {
            header: "Item",
            cell: (item) => (
              <>
                <span className="tabular-nums">#{item.position}</span>{" "}
                <span className="text-xs text-stone-600">{item.target}</span>
              </>
            ),
          },
          { header: "Labelled by", className: "text-xs", cell: (item) => item.labelledBy.join(", ") || "—" },
          { header: "Skipped by", className: "text-xs", cell: (item) => item.skippedBy.join(", ") || "—" },
          {
            header: <span className="sr-only">Actions</span>,
            cell: (item) => {
              const others = campaign.annotators.filter(
                (a) => !item.labelledBy.includes(a.email) && !item.skippedBy.includes(a.email),
              );
              return (
                <div className="flex flex-wrap justify-end gap-2">
                  {item.skippedBy.length > 0 && (
                    <Button
                      type="button"
                      variant="secondary"
                      className="px-2 py-1 text-xs"
                      disabled={closed || resolve.isPending}
                      onClick={() => resolve.mutate({ itemId: item.itemId, action: { action: "reopen" } })}
                    >
                      Give back to {item.skippedBy.length === 1 ? item.skippedBy[0] : "who skipped it"}
                    </Button>
                  )}
                  {others.length > 0 && (
                    <Select
                      compact
                      fit
                      className="text-xs"
                      aria-label={`Reassign item ${item.position}`}
                      defaultValue=""
                      disabled={closed || resolve.isPending}
                      onChange={(e) =>
                        e.target.value &&
                        resolve.mutate({
                          itemId: item.itemId,
                          action: { action: "reassign", userId: Number(e.target.value) },
                        })
                      }
                    >
                      <option value="">Reassign to…</option>
                      {others.map((a) => (
                        <option key={a.userId} value={a.userId}>
                          {a.email}
                        </option>
                      ))}
                    </Select>
                  )}
                  <Button
                    type="button"
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    disabled={closed || resolve.isPending}
                    onClick={() => {
                      // closing is for good: the item gets no more labels, so the researcher says so first
                      const labels = count(item.labelledBy.length, "label");
                      if (window.confirm(`Close this item with ${labels}? It will get no more labels.`))
                        resolve.mutate({ itemId: item.itemId, action: { action: "close" } });
                    }}
                  >
                    Close with {count(item.labelledBy.length, "label")}
                  </Button>
                </div>
              );
            },
          },
        ]}
      />
    </section>
  );
}
