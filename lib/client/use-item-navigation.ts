"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { campaignApi } from "./campaign-api";
import { queryKeys } from "./query-keys";

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Which of my items the workspace shows and how it moves: claim the next one, go back and forth
 * among my items (the URL says `?item=`), skip. One server step runs at a time (`busy`: keys wait);
 * a step that fails says why in `error`. `onShow` runs whenever another item is shown.
 */
export function useItemNavigation({
  campaignId,
  items,
  startItem,
  onShow,
}: {
  campaignId: number;
  /** my items, in the order I first saw them */
  items: readonly { itemId: number }[];
  startItem: number | null;
  onShow: () => void;
}) {
  const qc = useQueryClient();
  const [itemId, setItemId] = useState<number | null>(startItem);
  const [finished, setFinished] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = useCallback(
    (id: number | null) => {
      setItemId(id);
      onShow();
      setError(null);
      window.history.replaceState(null, "", id === null ? window.location.pathname : `?item=${id}`);
    },
    [onShow],
  );

  const { busy, attempt } = useServerStep(setError);

  const claimNext = useCallback(
    () =>
      attempt(async () => {
        const { itemId: next } = await campaignApi.claim(campaignId);
        setFinished(next === null);
        show(next);
        await qc.invalidateQueries({ queryKey: queryKeys.campaigns.workspace(campaignId) });
      }),
    [attempt, campaignId, qc, show],
  );

  // with no item asked for, the workspace opens on the next item to claim
  useEffect(() => {
    if (startItem === null) void claimNext();
  }, [startItem, claimNext]);

  const position = itemId === null ? -1 : items.findIndex((i) => i.itemId === itemId);
  const move = useCallback(
    async (step: -1 | 1) => {
      // with no item shown (the campaign is done for me), ← goes back to my last item
      const target = position === -1 ? (step === -1 ? items.at(-1) : undefined) : items[position + step];
      if (target) show(target.itemId);
      else if (step === 1) await claimNext();
    },
    [items, position, show, claimNext],
  );

  const skip = useCallback(
    async (id: number) => {
      if (await attempt(() => campaignApi.skip(campaignId, id))) await claimNext();
    },
    [attempt, campaignId, claimNext],
  );

  return { itemId, position, finished, busy, error, attempt, claimNext, move, skip };
}

/**
 * One server step at a time: `attempt` runs a step with `busy` set; true when it succeeded, else
 * `onError` hears why (by default the step's message becomes the workspace's error).
 */
function useServerStep(setError: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const attempt = useCallback(
    async (step: () => Promise<unknown>, onError: (e: unknown) => void = (e) => setError(messageOf(e))) => {
      setBusy(true);
      try {
        await step();
        return true;
      } catch (e) {
        onError(e);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [setError],
  );
  return { busy, attempt };
}
