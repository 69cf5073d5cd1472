"use client";
import { lazy, Suspense, useState } from "react";
import type { InvoiceFormProps } from "./invoice-form";

const InvoiceForm = lazy(() => import("./invoice-form"));

/**
 * "Paste an invoice instead": a disclosure whose form, with the invoice decoder and the message
 * formatter, is fetched the first time it opens.
 */
export function InvoiceDisclosure({ summary, loading, ...form }: InvoiceFormProps & { summary: string; loading: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="w-full" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer text-sm text-orange-700 dark:text-orange-400">{summary}</summary>
      <div className="mt-3">
        {opened && (
          <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-300">{loading}</p>}>
            <InvoiceForm {...form} />
          </Suspense>
        )}
      </div>
    </details>
  );
}
