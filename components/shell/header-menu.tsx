"use client";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * A button that opens a panel below it (the disclosure pattern): aria-expanded and aria-controls
 * on the button, focus into the panel as it opens and back to the button as it closes, Escape and
 * a click outside close it, and so does a link chosen in it. The shell keys it by the page's path,
 * so another page finds it closed whatever led there (back, search, a toast's link).
 */
export function HeaderMenu({
  label,
  className,
  panelClassName,
  children,
}: {
  /** The button's content; its text is the button's name. */
  label: ReactNode;
  /** Its display at each width (inline-flex where it is shown). */
  className: string;
  panelClassName: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a[href], button:not([disabled]), input, select")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  return (
    <div ref={root} className="contents">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-header-menu
        onClick={() => setOpen(!open)}
        className={
          "items-center gap-1.5 rounded-md px-2 py-1.5 text-sm whitespace-nowrap text-zinc-700 hover:bg-zinc-100 " +
          "focus-visible:outline-2 focus-visible:outline-orange-500 aria-expanded:bg-zinc-100 dark:text-zinc-200 " +
          `dark:hover:bg-zinc-800 dark:aria-expanded:bg-zinc-800 ${className}`
        }
      >
        {label}
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        // a link chosen in the menu closes it (its own page's too); focus goes where the page puts it
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a[href]")) setOpen(false);
        }}
        className={"absolute z-40 border-zinc-200 bg-white shadow-lg dark:border-zinc-800 dark:bg-zinc-900 print:hidden " + panelClassName}
      >
        {children}
      </div>
    </div>
  );
}

/** Three lines, or a cross while the menu is open (the button's aria-expanded says which). */
export function MenuIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 7h16M4 12h16M4 17h16" className="[[aria-expanded=true]_&]:hidden" />
      <path d="M6 6l12 12M18 6L6 18" className="hidden [[aria-expanded=true]_&]:inline" />
    </svg>
  );
}

/** A small chevron beside a menu button's text. */
export function ChevronIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path
        d={
          "M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26" +
          "a.75.75 0 0 1 0-1.06Z"
        }
      />
    </svg>
  );
}
