import type { Criterion } from "@/lib/domain/preferences/criteria";
import { TextInput } from "@/components/ui/field";
import { Button } from "@/components/ui/button";

/**
 * A preference campaign's criteria: each with a name and the definition annotators read; add or
 * remove (one to nine). A criterion keeps its id (stored with every choice) when renamed.
 */
export function CriteriaEditor({
  criteria,
  onChange,
}: {
  criteria: Criterion[];
  onChange: (next: Criterion[]) => void;
}) {
  const update = (i: number, patch: Partial<Criterion>) =>
    onChange(criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const add = () => {
    const taken = new Set(criteria.map((c) => c.id));
    let n = criteria.length + 1;
    while (taken.has(`criterion-${n}`)) n++;
    onChange([...criteria, { id: `criterion-${n}`, name: `Criterion ${n}`, definition: "" }]);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium">
        Criteria{" "}
        <span className="font-normal text-stone-500">
          (annotators move between them with J / K and choose with 1, 2 or 0)
        </span>
      </legend>
      {criteria.map((c, i) => (
        <div key={c.id} className="grid grid-cols-[8rem_1fr_auto] items-start gap-2">
          <TextInput
            aria-label={`Criterion ${i + 1} name`}
            compact
            value={c.name}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <TextInput
            aria-label={`Criterion ${i + 1} definition`}
            compact
            value={c.definition}
            onChange={(e) => update(i, { definition: e.target.value })}
          />
          <Button
            variant="secondary"
            size="sm"
            type="button"
            disabled={criteria.length === 1}
            onClick={() => onChange(criteria.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      {criteria.length < 9 && (
        <Button variant="link" type="button" onClick={add}>
          Add a criterion
        </Button>
      )}
    </fieldset>
  );
}
