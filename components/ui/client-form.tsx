"use client";

import { useSyncExternalStore, type FormHTMLAttributes } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and while React hydrates it, true once the page's handlers are attached. */
const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/**
 * A form submitted by its `onSubmit` in the browser. Until the page is hydrated its controls are
 * disabled: a click or Enter before then would make the browser submit it itself, a GET of the
 * page's own URL with the form's fields, which reloads the page without the state it was opened
 * with (a follow-up campaign's pairs) and drops what was typed.
 */
export function ClientForm({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
