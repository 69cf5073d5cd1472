"use client";
import { useState } from "react";
import { ApiClientError } from "@/lib/dashboard/client/api";
import { useErrorMessage } from "@/lib/dashboard/client/messages";
import { controlFor, useIssueMessage } from "@/lib/dashboard/client/issue-message";

type IssueMessage = ReturnType<typeof useIssueMessage>;

/**
 * The API's error as a sentence: the form's own wording for a code first, then each field at
 * fault by its label in the page's language ("Einige Felder sind ungültig. Betrag muss größer als 0 sein.").
 */
function describe(
  error: unknown,
  overrides: Record<string, string>,
  messageFor: (code: string) => string,
  issueMessage: IssueMessage,
  form: HTMLFormElement | null,
): string {
  if (!(error instanceof ApiClientError)) return messageFor("unexpected_response");
  const sentence = overrides[error.code] ?? messageFor(error.code);
  if (error.code !== "invalid_request") return sentence;
  const fields = error.details.map((detail) => {
    const control = detail.path === "(body)" ? { label: null, empty: false } : controlFor(detail.path, form);
    return issueMessage(detail, control.label ?? (detail.path === "(body)" ? null : detail.path), control.empty);
  });
  return [sentence, ...new Set(fields)].join(" ");
}

/** Runs a form's async action: busy while it runs, the API's error as a sentence when it fails. */
export function useSubmit(overrides: Record<string, string> = {}) {
  const messageFor = useErrorMessage();
  const issueMessage = useIssueMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    // the form being sent: its submit button or field has focus (its labels name the fields at fault)
    const form = document.activeElement?.closest("form") ?? null;
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(describe(e, overrides, messageFor, issueMessage, form));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
