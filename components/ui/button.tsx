import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost" | "link" | "submit";
type Size = "md" | "sm";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-stone-900 text-white hover:bg-stone-700 disabled:bg-stone-400",
  secondary: "border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400",
  ghost: "text-stone-700 hover:bg-stone-200/60 disabled:text-stone-400",
  // an action that reads as a link: "Add a criterion", "Show all 40 lines"
  link: "text-sky-700 hover:underline disabled:text-stone-400",
  // the annotator's Submit: the one action a screen of work ends with
  submit: "bg-sky-700 text-white hover:bg-sky-800 disabled:opacity-50",
};

const SIZES: Record<Size, string> = { md: "px-3 py-2 text-sm", sm: "px-2 py-1 text-xs" };

/** A button's look, also for a link that acts as one (a link-like button has no padding). */
export const buttonClass = (variant: Variant = "primary", size: Size = "md") =>
  `inline-flex items-center justify-center rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-not-allowed ${variant === "link" ? (size === "sm" ? "text-xs" : "text-sm") : SIZES[size]} ${VARIANTS[variant]}`;

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }) {
  return <button {...props} className={`${buttonClass(variant, size)} ${className}`} />;
}
