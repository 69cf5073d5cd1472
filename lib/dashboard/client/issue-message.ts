"use client";
import { useTranslations } from "next-intl";
import type { ErrorDetail } from "@/lib/errors";

/**
 * What is wrong with one field, as zod says it: the API's 400 `invalid_request` details carry the
 * same code and bound as an issue of a form's own parse.
 */
export type FieldIssue = Omit<ErrorDetail, "path" | "message">;

/** The kinds of value a sentence names; any other expected kind is "not valid". */
const kinds = new Set(["number", "int", "string", "boolean"]);
const formats = new Set(["email", "url", "uuid", "guid", "datetime", "date", "regex"]);

/**
 * Every form's validation sentence in the page's language, naming the field by its label:
 * "Betrag muss größer als 0 sein." `empty` says the person left the field empty (a missing value
 * and a value of the wrong kind are both zod's invalid_type).
 */
export function useIssueMessage(): (issue: FieldIssue, field: string | null, empty?: boolean) => string {
  const t = useTranslations("validation");
  return (issue, label, empty = false) => {
    const field = label ?? t("thisField");
    const bound = { field, minimum: issue.minimum ?? 0, maximum: issue.maximum ?? 0 };
    const text = issue.origin === "string";
    switch (issue.code) {
      case "too_small":
        if (text) return issue.minimum === 1 || empty ? t("required", { field }) : t("minLength", bound);
        if (issue.origin === "array" || issue.origin === "set") return t("invalid", { field });
        return issue.inclusive === false ? t("greaterThan", bound) : t("atLeast", bound);
      case "too_big":
        if (text) return t("maxLength", bound);
        if (issue.origin === "array" || issue.origin === "set") return t("invalid", { field });
        return issue.inclusive === false ? t("lessThan", bound) : t("atMost", bound);
      case "invalid_type":
        if (empty) return t("required", { field });
        return kinds.has(issue.expected ?? "") ? t("kind", { field, kind: issue.expected ?? "other" }) : t("invalid", { field });
      case "invalid_format":
        return t("format", { field, format: issue.format && formats.has(issue.format) ? issue.format : "other" });
      case "invalid_value":
        return t("choice", { field });
      case "unrecognized_keys":
        return t("unexpected", { field });
      case "not_multiple_of":
        return t("kind", { field, kind: "int" });
      default:
        return t("invalid", { field });
    }
  };
}

/** The text a person reads as a control's name: its label, else its aria-label; without a trailing colon or asterisk. */
function labelOf(control: Element): string | null {
  const labelled = "labels" in control ? (control as HTMLInputElement).labels?.[0]?.textContent : null;
  const named = labelled ?? control.getAttribute("aria-label") ?? control.closest("fieldset")?.querySelector("legend")?.textContent;
  const clean = named?.replace(/[\s:*]+$/, "").trim();
  return clean ? clean : null;
}

/**
 * The form control an API path names ("amount", "payer.iban"): by its whole path, else by its
 * last part; in `form` when the submission came from one, else anywhere on the page.
 */
export function controlFor(path: string, form: HTMLFormElement | null): { label: string | null; empty: boolean } {
  const scope: ParentNode = form ?? document;
  const last = path.split(".").at(-1) ?? path;
  for (const name of [path, last]) {
    const control = scope.querySelector(`[name="${CSS.escape(name)}"]`);
    if (control) {
      const value = "value" in control ? String((control as HTMLInputElement).value) : "";
      return { label: labelOf(control), empty: value.trim() === "" };
    }
  }
  return { label: null, empty: false };
}
