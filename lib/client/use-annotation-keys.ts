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
  /** A nugget review's keys: ↑/↓ (or K/J) move between nuggets, A and B toggle the marks, a digit sets C, M writes missing nuggets. */
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

/**
 * The workspace's keys: a level's key picks it, Enter submits, S skips, arrows move between my
 * items, C opens the comment, ? toggles the help. In a text box only Ctrl/Cmd+Enter (submit) and
 * Esc (leave the box) act. A nugget review adds its own keys (see Handlers.review); its campaigns
 * have no levels, so digits are free for C.
 */
export function useAnnotationKeys(handlers: Handlers) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const h = ref.current;
      const typing = e.target instanceof HTMLElement && (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT" || e.target.tagName === "SELECT");
      if (typing) {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          h.onSubmit();
        }
        if (e.key === "Escape") (e.target as HTMLElement).blur();
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
          if (e.target instanceof HTMLButtonElement) return; // a focused button handles its own Enter
          e.preventDefault();
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
