"use client";
import { useState } from "react";
import { ApiClientError } from "@/lib/dashboard/client/api";
import { useErrorMessage } from "@/lib/dashboard/client/messages";

/** The API's error as a sentence: the form's own wording for a code first, then the fields at fault. */
function describe(error: unknown, overrides: Record<string, string>, messageFor: (code: string) => string): string {
  if (!(error instanceof ApiClientError)) return messageFor("unexpected_response");
  const sentence = overrides[error.code] ?? messageFor(error.code);
  const fields = error.code === "invalid_request" ? error.details.map((d) => d.message).filter(Boolean) : [];
  return fields.length > 0 ? `${sentence} ${fields.join("; ")}.` : sentence;
}

/** Runs a form's async action: busy while it runs, the API's error as a sentence when it fails. */
export function useSubmit(overrides: Record<string, string> = {}) {
  const messageFor = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(describe(e, overrides, messageFor));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
