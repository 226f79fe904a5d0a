import { levelTask } from "./level-task";

/** Does the chunk support the nugget? FreshStack's binary support judgment. */
export const support = levelTask({
  id: "support",
  label: "Support of a nugget by a chunk",
  menu: "Support: does the chunk support the nugget?",
  pairTarget: "nugget_document",
  defaultScaleId: "binary",
});
