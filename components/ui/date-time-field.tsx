"use client";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { formatWall, instantOf, isoDay, parseWall, patternOf, wallAt, wallOfDay, type Wall } from "@/lib/dashboard/client/date-input";
import { useFormat, usePageTimeZone } from "@/lib/dashboard/client/use-format";
import { inputClass } from "./field";

type Kind = "date" | "dateTime";

type Props = {
  id: string;
  /** The field's name as its label says it, for the error message ("Von: …"). */
  label: string;
  /** A day (yyyy-mm-dd) or, for a date and time, an instant (ISO 8601). */
  value?: string;
  defaultValue?: string;
  /** Called with the new day or instant ("" when emptied) once it is typed: on Enter or on leaving the field. */
  onChange?: (value: string) => void;
  /** Submitted with a form as a hidden field holding the day or instant. */
  name?: string;
  required?: boolean;
  /** The input's own classes, e.g. its width. */
  className?: string;
  /** Shown only to screen readers: a filter row has no room for the pattern under the field. */
  compact?: boolean;
  "aria-label"?: string;
};

function useConversions(kind: Kind) {
  // the BCP 47 tag every date of the page is written with (en: en-GB)
  const locale = useFormat().tag;
  const timeZone = usePageTimeZone();
  const toWall = (value: string): Wall | null => {
    if (!value) return null;
    if (kind === "date") return wallOfDay(value);
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : wallAt(instant, timeZone);
  };
  return {
    locale,
    timeZone,
    show: (value: string) => {
      const wall = toWall(value);
      return wall ? formatWall(wall, locale, kind) : value;
    },
    read: (text: string): string | null => {
      if (!text.trim()) return "";
      const wall = parseWall(text, locale, kind);
      if (!wall) return null;
      return kind === "date" ? isoDay(wall) : instantOf(wall, timeZone).toISOString();
    },
  };
}
/**
 * The field in its form's check: refused while its text is no day (`parsed` null), said in the
 * page's words when the form refuses it (`refused`), and `reset` with the form.
 */
function useFormCheck(
  input: RefObject<HTMLInputElement | null>,
  { parsed, message, reset, refused }: { parsed: string | null; message: string; reset: () => void; refused: () => void },
) {
  useEffect(() => {
    input.current?.setCustomValidity(parsed === null ? message : "");
  }, [input, parsed, message]);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    form.addEventListener("reset", reset);
    return () => form.removeEventListener("reset", reset);
  });

  // refused by its form's check: said here, in the page's words (the browser's bubble speaks the
  // browser's language), and focused unless another refused field of the form is
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const refuse = (event: Event) => {
      event.preventDefault();
      refused();
      if (!field.form?.querySelector(":invalid:focus")) field.focus();
    };
    field.addEventListener("invalid", refuse);
    return () => field.removeEventListener("invalid", refuse);
    // once: `refused` only sets state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * A day, or a day and a time, typed as the page's language writes it (de "28.11.2026 14:05",
 * fr "28/11/2026 14:05", en "11/28/2026, 2:05 PM"), the time read in the tenant's time zone. Its
 * value is what the address and the API take: yyyy-mm-dd, or an ISO instant. In place of the
 * browser's date inputs, which write the browser's language and read the browser's zone.
 */
function DateInput(props: Props & { kind: Kind }) {
  const { kind, id, label, value, defaultValue, onChange, name, required, className, compact, ...rest } = props;
  const t = useTranslations("common.dateInput");
  const { locale, timeZone, show, read } = useConversions(kind);
  const pattern = patternOf(locale, kind, {
    day: t("day"),
    month: t("month"),
    year: t("year"),
    hour: t("hour"),
    minute: t("minute"),
  });
  const [text, setText] = useState(() => show(value ?? defaultValue ?? ""));
  const [error, setError] = useState(false);
  // a value changed from outside (a preset, a saved view, the address) is shown anew
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(show(value ?? ""));
    setError(false);
  }
  const input = useRef<HTMLInputElement>(null);
  const parsed = read(text);
  const message = t(kind === "date" ? "invalidDate" : "invalidDateTime", { field: label, pattern });
  useFormCheck(input, {
    parsed,
    message,
    reset: () => {
      setText(show(defaultValue ?? ""));
      setError(false);
    },
    refused: () => setError(true),
  });

  // a filter takes its day on leaving the field, so says then what is wrong; a form's field says it
  // when the form is sent (an error appearing on leaving the field would move the button clicked)
  const commit = () => {
    if (parsed === null) return setError(Boolean(onChange));
    setError(false);
    setText(show(parsed));
    if (onChange && parsed !== (value ?? "")) onChange(parsed);
  };
  const hint = kind === "dateTime" ? t("hintZone", { pattern, zone: timeZone }) : t("hint", { pattern });
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <input
        {...rest}
        ref={input}
        id={id}
        type="text"
        inputMode={kind === "date" ? "numeric" : "text"}
        autoComplete="off"
        placeholder={pattern}
        required={required}
        value={text}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={`${inputClass} ${className ?? ""}`}
        onChange={(e) => {
          setText(e.target.value);
          if (error && read(e.target.value) !== null) setError(false);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter" && onChange) {
            e.preventDefault();
            commit();
          }
        }}
      />
      {name && <input type="hidden" name={name} value={parsed ?? ""} />}
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {message}
        </span>
      ) : (
        <span id={`${id}-hint`} className={compact ? "sr-only" : "text-xs text-zinc-500 dark:text-zinc-400"}>
          {hint}
        </span>
      )}
    </span>
  );
}

/** A day (yyyy-mm-dd) in the page's language. */
export function DateField(props: Props) {
  return <DateInput kind="date" {...props} />;
}

/** A day and a time in the page's language, read in the tenant's time zone; its value is an ISO instant. */
export function DateTimeField(props: Props) {
  return <DateInput kind="dateTime" {...props} />;
}
