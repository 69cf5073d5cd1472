"use client";
import type { ReactNode } from "react";
import { Button } from "./button";

/**
 * A small button that runs an action through a form's `run` (useSubmit's): disabled while any
 * action of that form runs, its error shown by the form's FormError.
 */
export function RunButton({
  busy,
  run,
  action,
  variant = "secondary",
  children,
}: {
  busy: boolean;
  run: (action: () => Promise<unknown>) => unknown;
  action: () => Promise<unknown>;
  variant?: "secondary" | "danger" | "ghost";
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={variant} disabled={busy} onClick={() => void run(action)}>
      {children}
    </Button>
  );
}
