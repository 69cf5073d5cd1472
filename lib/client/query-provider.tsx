"use client";
import { useState, type ReactNode } from "react";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiClientError } from "./api";

/**
 * The one react-query set-up of the app's pages (the dashboard and the public payout page):
 * failed queries are retried twice unless the answer was a definite no (4xx), and a 401 is
 * reported once per query to `onUnauthorized`.
 */
export function QueryProvider({
  children,
  staleTime,
  onUnauthorized,
}: {
  children: ReactNode;
  staleTime: number;
  onUnauthorized?: () => void;
}) {
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (error) => {
            if (error instanceof ApiClientError && error.status === 401) onUnauthorized?.();
          },
        }),
        defaultOptions: {
          queries: {
            staleTime,
            retry: (count, error) => count < 2 && !(error instanceof ApiClientError && error.status < 500 && error.status !== 0),
          },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
