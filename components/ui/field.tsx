import type { ComponentProps, ReactNode } from "react";

/**
 * The one look of a text box, a select or a text area: as wide as its column, or as its content
 * (`fit`, in a table row); `compact` for dense forms (campaigns, the explorer, tables).
 */
export const inputClass = ({ compact = false, fit = false }: Size = {}) =>
  `rounded-md border border-stone-300 bg-white text-sm disabled:bg-stone-100 ${fit ? "inline-block w-auto" : "block w-full"} ${compact ? "px-2 py-1.5" : "px-3 py-2"}`;

/** A labelled control: the label's text above it (and a hint under it). */
export function Field({
  label,
  hint,
  className = "",
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`block text-sm font-medium ${className}`}>
      {label}
      <span className="mt-1 block">{children}</span>
      {hint && <span className="mt-1 block text-xs font-normal text-stone-500">{hint}</span>}
    </label>
  );
}

type Size = { compact?: boolean; fit?: boolean };

export function TextInput({ compact, fit, className = "", ...props }: ComponentProps<"input"> & Size) {
  return <input {...props} className={`${inputClass({ compact, fit })} ${className}`} />;
}

export function Select({ compact, fit, className = "", ...props }: ComponentProps<"select"> & Size) {
  return <select {...props} className={`${inputClass({ compact, fit })} ${className}`} />;
}

export function TextArea({ compact, fit, className = "", ...props }: ComponentProps<"textarea"> & Size) {
  return <textarea {...props} className={`${inputClass({ compact, fit })} ${className}`} />;
}
