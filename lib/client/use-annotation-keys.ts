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
};

/**
 * The workspace's keys: a level's key picks it, Enter submits, S skips, arrows move between my
 * items, C opens the comment, ? toggles the help. In a text box only Ctrl/Cmd+Enter (submit) and
 * Esc (leave the box) act.
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
