import type { ReactNode } from "react";

/**
 * A box that scrolls sideways when what it holds (a wide table) is wider than the screen, so the
 * page itself never does. `relative` keeps screen-reader-only text inside it from widening the page.
 * It takes the keyboard's focus, so that a keyboard user can scroll it too (arrow keys).
 */
export function ScrollX({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div tabIndex={0} className={`relative max-w-full overflow-x-auto focus-visible:outline-2 ${className}`}>
      {children}
    </div>
  );
}
