"use client";

import { useEffect, useLayoutEffect, useRef } from "react";

type Handlers = {
  onSubmit: () => void;
  onSkip: () => void;
  onMove: (step: -1 | 1) => void;
  onComment: () => void;
  onHelp: () => void;
  onEscape: () => void;
  /** Gives the keys back to the workspace after a text box is left (Enter in the comment, Esc anywhere). */
  onLeaveText: () => void;
  /** The task's own keys (a level, a mark, a choice...): true when the key was one of them. */
  onTaskKey: (key: string) => boolean;
  /** Space and Shift+Space: scroll the item down or up a screen (a long passage), never leaving it. */
  onScroll: (direction: 1 | -1) => void;
  /** Whether the item on screen is ready for keys: false while the next one loads. */
  ready: () => boolean;
  /** A key that would have acted on an item pressed while none was ready: it is not applied. */
  onNotReady: (key: string) => void;
};

/** Marks a text box whose plain Enter leaves it (keeping its text) instead of typing a new line. */
export const ENTER_LEAVES = "data-enter-leaves";

/** Whether the key goes into a text field the annotator is typing in. */
function isTextField(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  if (target.tagName !== "INPUT") return false;
  return !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file"].includes(
    (target as HTMLInputElement).type,
  );
}

/**
 * The workspace's keys: the task's own first (a level's key picks it...), then Enter submits, S skips, arrows move between my
 * items, C opens the comment, ? toggles the help, Space and Shift+Space scroll a long passage. A key
 * that acts on an item, pressed while the next item loads, is refused (onNotReady), never applied
 * to an item the annotator has not seen and never dropped without a word. They work wherever the focus is (a button clicked
 * with the mouse keeps it, so Enter there still submits) except in a text field, where only
 * Ctrl/Cmd+Enter (submit) and Esc (leave the box) act, and a plain Enter leaves a single-line
 * field or the comment box with its text kept (Shift+Enter types a new line in the comment).
 */
export function useAnnotationKeys(handlers: Handlers) {
  const ref = useRef(handlers);
  // In the commit itself, not after the paint: a key pressed the moment a new screen is drawn must
  // reach that screen's handlers (with a passive effect, ← pressed as "Nothing is left" appeared
  // still moved from the item before it).
  useLayoutEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const h = ref.current;
      if (e.isComposing) return;
      if (isTextField(e.target)) {
        const field = e.target;
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          h.onSubmit();
        } else if (e.key === "Escape" || (e.key === "Enter" && !e.shiftKey && leavesOnEnter(field))) {
          e.preventDefault();
          field.blur();
          h.onLeaveText();
        }
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === " ") {
        e.preventDefault(); // not the focused button's click: Space scrolls the item
        return h.onScroll(e.shiftKey ? -1 : 1);
      }
      if (!h.ready() && actsOnItem(e.key)) {
        e.preventDefault();
        return h.onNotReady(e.key);
      }
      if (h.onTaskKey(e.key)) return e.preventDefault();
      switch (e.key) {
        case "Enter":
          e.preventDefault(); // not the focused button's click: Enter is always "submit" here
          return h.onSubmit();
        case "s":
        case "S":
          return h.onSkip();
        case "ArrowLeft":
          e.preventDefault();
          return h.onMove(-1);
        case "ArrowRight":
          e.preventDefault();
          return h.onMove(1);
        case "c":
        case "C":
          e.preventDefault();
          return h.onComment();
        case "?":
          return h.onHelp();
        case "Escape":
          return h.onEscape();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** Keys that act on the item shown: Enter and any one character but "?" (a level, a mark, S, C); not arrows, Esc or ?. */
const actsOnItem = (key: string) => key === "Enter" || (key.length === 1 && key !== "?");

/** Single-line inputs and boxes marked ENTER_LEAVES give the keys back on Enter; other text areas take a new line. */
function leavesOnEnter(field: HTMLElement): boolean {
  return field.tagName === "INPUT" || field.hasAttribute(ENTER_LEAVES);
}
