import type { LevelDraft } from "@/lib/domain/task-types/level-task";
import { relevance } from "@/lib/domain/task-types/relevance";
import { support } from "@/lib/domain/task-types/support";
import { ItemView } from "./item-view";
import { JudgmentBar } from "./judgment-bar";
import type { TaskView, TaskViewProps } from "./task-view";

/** A pair (a nugget or a question, and a chunk) with the scale's levels, and the LLM's label once the protocol shows it. */
function LevelView({ item, campaign, draft, busy, onDraft }: TaskViewProps<LevelDraft>) {
  return (
    <>
      <ItemView item={item} />
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

/** A pair task's keys: each level's key picks it. */
const levelTaskView = (definition: TaskView<LevelDraft>["definition"]): TaskView<LevelDraft> => ({
  definition,
  Body: LevelView,
  keys: (campaign) => campaign.scale.levels.map((l): [string, string] => [l.key, l.label]),
  onKey: (key, _draft, campaign) => {
    const level = campaign.scale.levels.find((l) => l.key === key);
    return level ? { level: level.value } : null;
  },
});

export const supportTask = levelTaskView(support);
export const relevanceTask = levelTaskView(relevance);
