import type { ReactNode } from "react";
import type { AnnotationPayload } from "@/lib/domain/task-types/registry";
import type { DraftContext, SavedView } from "@/lib/domain/task-types/task-type";
import type { Workspace, WorkspaceItem } from "@/lib/schemas/campaigns";

export type WorkspaceCampaign = Workspace["campaign"];

export type TaskViewProps<Draft> = {
  item: WorkspaceItem;
  campaign: WorkspaceCampaign;
  draft: Draft;
  busy: boolean;
  onDraft: (draft: Draft) => void;
};

/**
 * How the workspace shows one task type and takes its input. The workspace itself only claims,
 * navigates, saves and handles the keys every task shares (Enter, S, ←/→, C, ?).
 */
export type TaskView<Draft> = {
  /** The task type's draft and payload (lib/domain/task-types). */
  definition: {
    startDraft(saved: SavedView | undefined, context: DraftContext): Draft;
    payloadOf(draft: Draft, context: DraftContext): AnnotationPayload | null;
  };
  Body: (props: TaskViewProps<Draft>) => ReactNode;
  /** The task's own keys, for the help. */
  keys(campaign: WorkspaceCampaign): [string, string][];
  /** The draft a key of the task leads to, or null when the key is not one of the task's. */
  onKey(key: string, draft: Draft, campaign: WorkspaceCampaign): Draft | null;
};

/** What a draft and a payload are made from besides the annotator's input. */
export const draftContext = (item: WorkspaceItem, campaign: WorkspaceCampaign): DraftContext => ({
  nuggetIds: item.nuggets.map((n) => n.id),
  criteria: campaign.criteria,
  sides: item.comparison?.sides ?? null,
});
