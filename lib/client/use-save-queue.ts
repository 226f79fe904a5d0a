"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { campaignApi } from "./campaign-api";
import { SaveQueue, type QueueState } from "./save-queue";

const EMPTY: QueueState = { pending: [], refused: null, retrying: null };

/** The signed-in annotator's outbox for a campaign, persisted in local storage and flushed when back online. */
export function useSaveQueue(campaignId: number, userId: number): { queue: SaveQueue | null; state: QueueState } {
  const [queue, setQueue] = useState<SaveQueue | null>(null);
  useEffect(() => {
    const q = new SaveQueue(`assay:pending-saves:${userId}:${campaignId}`, window.localStorage, campaignApi.save);
    setQueue(q);
    void q.flush();
    const online = () => void q.flush();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [campaignId, userId]);
  const state = useSyncExternalStore(
    (listener) => queue?.subscribe(listener) ?? (() => {}),
    () => queue?.snapshot ?? EMPTY,
    () => EMPTY,
  );
  return { queue, state };
}
