import type { ReactNode } from "react";

/**
 * A box that scrolls sideways when what it holds (a wide table) is wider than the screen, so the
 * page itself never does. `relative` keeps screen-reader-only text inside it from widening the page.
 */
export function ScrollX({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`relative max-w-full overflow-x-auto ${className}`}>{children}</div>;
}
