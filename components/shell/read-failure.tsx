import type { ReactNode } from "react";
import { LiveRefresh } from "./live-refresh";
import { errorCodeOf } from "@/lib/dashboard/pages/error-code";
import { notFound } from "next/navigation";
import { ErrorState } from "@/components/ui/states";

/**
 * What a server-rendered page shows when reading its subject failed: the dashboard's 404 page for
 * the API's 404 (app/(dashboard)/not-found.tsx, with that status), else the API's error with "Try
 * again" (the page is also redrawn on the live stream's next notice). An unexpected error is
 * thrown on, to the error page.
 */
export function readFailure(error: unknown): ReactNode {
  const code = errorCodeOf(error);
  if (code === "internal_error") throw error;
  if (code === "not_found") notFound();
  return (
    <>
      <LiveRefresh />
      <ErrorState code={code} retryByRefresh />
    </>
  );
}
