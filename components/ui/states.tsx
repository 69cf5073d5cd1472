"use client";
import type { ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/lib/dashboard/client/messages";
import { ApiClientError } from "@/lib/dashboard/client/api";

export function LoadingRows({ rows = 3 }: { rows?: number }) {
  const t = useTranslations("common");
  return (
    <div role="status" aria-label={t("loading")} className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-10 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

/**
 * An error of the API (`error`), or its code as the server passed it to the page (`code`).
 * "Try again" calls `retry`, or, on a page rendered on the server, `retryByRefresh` renders it again.
 */
export function ErrorState({
  error,
  code: given,
  retry: retryGiven,
  retryByRefresh = false,
  fields = [],
}: {
  error?: unknown;
  code?: string;
  /** The filters of the address a list refused, as the address spells them: named in the message. */
  fields?: string[];
  retry?: () => void;
  retryByRefresh?: boolean;
}) {
  const t = useTranslations("common");
  const messageFor = useErrorMessage();
  const router = useRouter();
  const retry = retryGiven ?? (retryByRefresh ? () => router.refresh() : undefined);
  const code = given ?? (error instanceof ApiClientError ? error.code : "unexpected_response");
  return (
    <div
      role="alert"
      className={
        "flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 " +
        "text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      }
    >
      <span>{code === "invalid_request" && fields.length > 0 ? t("invalidFilters", { names: fields.join(", ") }) : messageFor(code)}</span>
      {retry && (
        <button type="button" onClick={retry} className="font-medium underline">
          {t("tryAgain")}
        </button>
      )}
    </div>
  );
}

export function DefinitionList({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map(([term, value], i) => (
        <div key={i} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A form's failure as a sentence, announced at once; nothing when there is none. */
export function FormError({ message, className = "" }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm text-red-600 dark:text-red-400 ${className}`}>
      {message}
    </p>
  );
}
