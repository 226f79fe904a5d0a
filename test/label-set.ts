import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { labelSetNameSchema } from "@/lib/schemas/label-set-name";

/** A label set's name parsed as HTTP and the command line parse it (tests name sets as text, as users do). */
export const labelSet = (name: string): LabelSetName => labelSetNameSchema("name a label set").parse(name);
