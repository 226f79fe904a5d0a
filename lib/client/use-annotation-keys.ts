"use client";

import { useEffect, useRef } from "react";

type Handlers = {
  levels: readonly { value: string; key: string }[];
  onLevel: (value: string) => void;
  onSubmit: () => void;
  onSkip: () => void;
  onMove: (step: -1 | 1) => void;
  onComment: () => void;
  onHelp: () => void;
  onEscape: () => void;
  /** Gives the keys back to the workspace after a text box is left (Enter in the comment, Esc anywhere). */
  onLeaveText: () => void;
  /** A nugget review's keys: ↑/↓ (or K/J) move between nuggets, A and B toggle the marks, a digit sets how many are missing, M writes missing nuggets. */
  review?: {
    onNugget: (step: -1 | 1) => void;
    onMark: (mark: "hallucinated" | "redundant") => void;
    onMissing: (count: number) => void;
    onWriteMissing: () => void;
  };
  /** A side-by-side comparison's keys: ↑/↓ (or K/J) move between criteria, 1 / 2 / 0 choose Response 1, 2 or no preference, W writes a justification. */
  compare?: {
    onCriterion: (step: -1 | 1) => void;
    onChoose: (choice: "1" | "2" | "none") => void;
    onJustify: () => void;
  };
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
 * The workspace's keys: a level's key picks it, Enter submits, S skips, arrows move between my
 * items, C opens the comment, ? toggles the help. They work wherever the focus is (a button clicked
 * with the mouse keeps it, so Enter there still submits) except in a text field, where only
 * Ctrl/Cmd+Enter (submit) and Esc (leave the box) act, and a plain Enter leaves a single-line
 * field or the comment box with its text kept (Shift+Enter types a new line in the comment).
 */
export function useAnnotationKeys(handlers: Handlers) {
  const ref = useRef(handlers);
  useEffect(() => {
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
      const level = h.levels.find((l) => l.key === e.key);
      if (level) {
        e.preventDefault();
        return h.onLevel(level.value);
      }
      if (h.review && reviewKey(h.review, e)) return;
      if (h.compare && compareKey(h.compare, e)) return;
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

/** Single-line inputs and boxes marked ENTER_LEAVES give the keys back on Enter; other text areas take a new line. */
function leavesOnEnter(field: HTMLElement): boolean {
  return field.tagName === "INPUT" || field.hasAttribute(ENTER_LEAVES);
}

/** Handles a comparison's key; true when the key was one. */
function compareKey(compare: NonNullable<Handlers["compare"]>, e: KeyboardEvent): boolean {
  const act = (fn: () => void) => {
    e.preventDefault();
    fn();
    return true;
  };
  switch (e.key) {
    case "1":
    case "2":
      return act(() => compare.onChoose(e.key as "1" | "2"));
    case "0":
    case "n":
    case "N":
      return act(() => compare.onChoose("none"));
    case "ArrowUp":
    case "k":
    case "K":
      return act(() => compare.onCriterion(-1));
    case "ArrowDown":
    case "j":
    case "J":
      return act(() => compare.onCriterion(1));
    case "w":
    case "W":
      return act(compare.onJustify);
    default:
      return false;
  }
}

/** Handles a nugget review's key; true when the key was one. */
function reviewKey(review: NonNullable<Handlers["review"]>, e: KeyboardEvent): boolean {
  const act = (fn: () => void) => {
    e.preventDefault();
    fn();
    return true;
  };
  if (/^[0-9]$/.test(e.key)) return act(() => review.onMissing(Number(e.key)));
  switch (e.key) {
    case "ArrowUp":
    case "k":
    case "K":
      return act(() => review.onNugget(-1));
    case "ArrowDown":
    case "j":
    case "J":
      return act(() => review.onNugget(1));
    case "a":
    case "A":
      return act(() => review.onMark("hallucinated"));
    case "b":
    case "B":
      return act(() => review.onMark("redundant"));
    case "m":
    case "M":
      return act(review.onWriteMissing);
    default:
      return false;
  }
}
