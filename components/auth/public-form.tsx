"use client";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

// The pages reached from a mailed link or the sign-in page run without the dashboard's catalogue
// (they speak every language from words passed as props): their forms share this small part.

/** A form's busy state and its one error sentence; `run` shows what an action throws. */
export function usePublicForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>, failed: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : failed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/**
 * A public page's form, its fields in a column. method="post": sent before the page's script
 * runs, it must not put what was typed (a password) in the URL; `onSubmit` gets its data.
 */
export function PublicForm({ onSubmit, children }: { onSubmit: (data: FormData) => void; children: ReactNode }) {
  return (
    <form
      method="post"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(new FormData(event.currentTarget));
      }}
    >
      {children}
    </form>
  );
}

/** POSTs a JSON body; the parsed answer, or the error the caller names for a status. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** The form's error, read out when it appears, and its submit button. */
export function SubmitRow({ error, busy, label, busyLabel }: { error: string | null; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}
