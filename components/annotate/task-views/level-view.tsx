import type { ReactNode } from "react";
import { citationSupport } from "@/lib/domain/task-types/citation-support";
import type { LevelDraft } from "@/lib/domain/task-types/level-task";
import { relevance } from "@/lib/domain/task-types/relevance";
import { support } from "@/lib/domain/task-types/support";
import type { WorkspaceItem } from "@/lib/schemas/campaigns";
import { CitationItemView } from "./citation-item-view";
import { ItemView } from "./item-view";
import { JudgmentBar } from "./judgment-bar";
import type { TaskView, TaskViewProps } from "./task-view";

/**
 * What is judged (a nugget or a question with a chunk, or an answer sentence with a passage it
 * cites) with the scale's levels, and the LLM's label once the protocol shows it.
 */
function LevelView({
  item,
  campaign,
  draft,
  busy,
  onDraft,
  Target,
}: TaskViewProps<LevelDraft> & { Target: (props: { item: WorkspaceItem }) => ReactNode }) {
  return (
    <>
      <Target item={item} />
      <JudgmentBar
        levels={campaign.scale.levels}
        selected={draft.level}
        busy={busy}
        reveal={
          item.llm
            ? {
                llm: item.llm,
                blindLevel: item.mine.find((m) => m.phase === "blind")?.level ?? null,
                assisted: campaign.protocol === "assisted",
              }
            : null
        }
        onSelect={(level) => onDraft({ level })}
      />
    </>
  );
}

/** A level task's keys: each level's key picks it. */
const levelTaskView = (
  definition: TaskView<LevelDraft>["definition"],
  Target: (props: { item: WorkspaceItem }) => ReactNode = ItemView,
): TaskView<LevelDraft> => ({
  definition,
  Body: (props) => <LevelView {...props} Target={Target} />,
  keys: (campaign) => campaign.scale.levels.map((l): [string, string] => [l.key, l.label]),
  onKey: (key, _draft, campaign) => {
    const level = campaign.scale.levels.find((l) => l.key === key);
    return level ? { level: level.value } : null;
  },
});

export const supportTask = levelTaskView(support);
export const relevanceTask = levelTaskView(relevance);
export const citationTask = levelTaskView(citationSupport, CitationItemView);
