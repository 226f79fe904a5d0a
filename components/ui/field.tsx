import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** The one look of a text box, a select or a text area. `compact` for dense forms (campaigns, the explorer). */
export const inputClass = (compact = false) =>
  `block w-full rounded-md border border-stone-300 bg-white text-sm disabled:bg-stone-100 ${compact ? "px-2 py-1.5" : "px-3 py-2"}`;

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

type Compact = { compact?: boolean };

export function TextInput({ compact, className = "", ...props }: InputHTMLAttributes<HTMLInputElement> & Compact) {
  return <input {...props} className={`${inputClass(compact)} ${className}`} />;
}

export function Select({ compact, className = "", ...props }: SelectHTMLAttributes<HTMLSelectElement> & Compact) {
  return <select {...props} className={`${inputClass(compact)} ${className}`} />;
}

export function TextArea({ compact, className = "", ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & Compact) {
  return <textarea {...props} className={`${inputClass(compact)} ${className}`} />;
}
