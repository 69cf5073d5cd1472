"use client";
import { useState } from "react";
import { ApiClientError } from "@/lib/client/api";
import { messageFor } from "@/lib/client/messages";

/** Runs a form's async action: busy while it runs, the API's error as a sentence when it fails. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(messageFor(e instanceof ApiClientError ? e.code : "unexpected_response"));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
