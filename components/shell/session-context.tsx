"use client";
import { createContext, useContext } from "react";
import { useTranslations } from "next-intl";
import type { NetworkName } from "@/lib/bitcoin/networks";

export type ShellUser = {
  email: string;
  role: "operator" | "admin" | "viewer";
  tenantName: string;
  network: NetworkName;
  explorer: string | null;
  /** The tenant's upstream is this app's sandbox: admins get test buttons. */
  simulator: boolean;
  /** The policy requires a second factor this person has not set up: only their account page is open. */
  mustEnrol: boolean;
  /** Since when this instance's calls to the tenant's service fail (ISO), as of the page's render; null: they go through. */
  serviceFailingSince?: string | null;
  /** Their unread notifications, as of the page's render (operators have no bell: null). */
  unread: number | null;
  /** What this session's tabs name their shared live stream after (lib/dashboard/auth/current-user.ts, streamScopeOf). */
  streamScope: string;
};

const SessionContext = createContext<ShellUser | null>(null);
export const SessionProvider = SessionContext.Provider;

export function useShellUser(): ShellUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error("useShellUser outside the dashboard shell");
  return user;
}

/** Admins change things; viewers and operators read. */
export function useCanMutate(): boolean {
  return useShellUser().role === "admin";
}

/** What a disabled control tells a reader whose role cannot use it. */
export function useReadOnlyHint(): string {
  return useTranslations("shell")("readOnly");
}
