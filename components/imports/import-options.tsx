import { BUILTIN_SCALES } from "@/lib/domain/scales";
import { PASSAGE_DISPLAY_LABELS, PASSAGE_KINDS, type PassageKind } from "@/lib/domain/passages/passage-kind";
import type { ImportFormat } from "@/lib/formats/import-formats";
import { Select, TextInput } from "@/components/ui/field";

/** What an import asks beside its file, as the form holds it (each format reads its own). */
export type ImportOptionValues = {
  judge: string;
  judgeKind: "model" | "human";
  scale: string;
  createMissing: boolean;
  display: PassageKind | "";
  /** The nugget set a nuggets file fills or an assignments file matches ("": the study's first). */
  nuggetSet: string;
};

export const NO_IMPORT_OPTIONS: ImportOptionValues = {
  judge: "",
  judgeKind: "model",
  scale: "",
  createMissing: false,
  display: "",
  nuggetSet: "",
};

/**
 * The choices a format asks for: the judge, its kind and the scale of a labels file, whether to
 * create the questions and documents it names that the study lacks, and how its passages show.
 */
export function ImportOptions({
  format,
  values,
  set,
  disabled,
}: {
  format: ImportFormat;
  values: ImportOptionValues;
  set: (change: Partial<ImportOptionValues>) => void;
  disabled: boolean;
}) {
  const labels = format.labels;
  return (
    <>
      {labels && <LabelFields labels={labels} values={values} set={set} disabled={disabled} />}
      {format.createsMissing && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={values.createMissing}
            disabled={disabled}
            onChange={(e) => set({ createMissing: e.target.checked })}
          />
          <span>
            <span className="font-medium">Create missing {format.createsMissing.what}</span>
            <span className="block text-xs text-stone-500">{format.createsMissing.note}</span>
          </span>
        </label>
      )}
      {format.nuggets && (
        <label className="block text-sm font-medium">
          Nugget set
          <TextInput
            className="mt-1"
            value={values.nuggetSet}
            disabled={disabled}
            maxLength={100}
            placeholder="The study's first (main)"
            onChange={(e) => set({ nuggetSet: e.target.value })}
          />
          <span className="block text-xs font-normal text-stone-500">
            The named list its nuggets go to or are matched in; a new name starts a new set beside the others.
          </span>
        </label>
      )}
      {format.passages && (
        <label className="block text-sm font-medium">
          Show these passages
          <Select
            className="mt-1"
            value={values.display}
            disabled={disabled}
            onChange={(e) => set({ display: e.target.value as PassageKind | "" })}
          >
            <option value="">As the study says (its Overview page)</option>
            {PASSAGE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PASSAGE_DISPLAY_LABELS[kind]}
              </option>
            ))}
          </Select>
        </label>
      )}
    </>
  );
}

/** A labels file's judge (its name and kind) and, when the format does not say it, its scale. */
function LabelFields({
  labels,
  values,
  set,
  disabled,
}: {
  labels: NonNullable<ImportFormat["labels"]>;
  values: ImportOptionValues;
  set: (change: Partial<ImportOptionValues>) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <label className="block text-sm font-medium">
        Judge {labels.judge === "required" ? "(required)" : ""}
        <TextInput
          className="mt-1"
          value={values.judge}
          disabled={disabled}
          onChange={(e) => set({ judge: e.target.value })}
          placeholder={labels.judge === "required" ? "e.g. gpt-4o" : labels.judge.default}
        />
      </label>
      <label className="block text-sm font-medium">
        Judge kind
        <Select
          className="mt-1"
          value={values.judgeKind}
          disabled={disabled}
          onChange={(e) => set({ judgeKind: e.target.value as "model" | "human" })}
        >
          <option value="model">LLM</option>
          <option value="human">Human</option>
        </Select>
      </label>
      {labels.scale === "required" && (
        <label className="col-span-2 block text-sm font-medium">
          Scale (required)
          <Select
            className="mt-1"
            value={values.scale}
            disabled={disabled}
            onChange={(e) => set({ scale: e.target.value })}
          >
            <option value="">Choose a scale…</option>
            {Object.values(BUILTIN_SCALES).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </label>
      )}
    </div>
  );
}
