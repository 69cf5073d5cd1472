import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export const inputClass =
  "w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-400 " +
  "focus:border-orange-500 focus:outline-2 focus:outline-orange-500/40 aria-[invalid=true]:border-red-500 " +
  "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

type FieldProps = { id: string; label: string; hint?: ReactNode; error?: string | null; children: ReactNode };

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ invalid, ...props }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  const described = props.id ? (invalid ? `${props.id}-error` : `${props.id}-hint`) : props["aria-describedby"];
  return (
    <input
      {...props}
      aria-invalid={invalid || undefined}
      aria-describedby={described}
      className={`${inputClass} ${props.className ?? ""}`}
    />
  );
}

export function TextArea({ invalid, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  const described = props.id ? (invalid ? `${props.id}-error` : `${props.id}-hint`) : props["aria-describedby"];
  return (
    <textarea
      {...props}
      aria-invalid={invalid || undefined}
      aria-describedby={described}
      className={`${inputClass} font-mono ${props.className ?? ""}`}
    />
  );
}

export function Select(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={`${inputClass} ${props.className ?? ""}`} />;
}
