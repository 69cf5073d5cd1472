import type { ReactNode } from "react";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { errorCodeOf } from "@/lib/dashboard/pages/error-code";
import { ErrorState } from "./states";

/**
 * What a server-rendered page shows when reading its subject failed: `notFound` for the API's
 * 404, else the API's error with "Try again" (the page is also redrawn on the live stream's next
 * notice). An unexpected error is thrown on, to Next's error page.
 */
export function readFailure(error: unknown, notFound: ReactNode): ReactNode {
  const code = errorCodeOf(error);
  if (code === "internal_error") throw error;
  if (code === "not_found") return notFound;
  return (
    <>
      <LiveRefresh />
      <ErrorState code={code} retryByRefresh />
    </>
  );
}
