"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, type ReactNode } from "react";
import { QueryProvider } from "@/lib/client/query-provider";
import { signOut } from "@/lib/client/sign-out";
import { useLiveEvents, type LiveNotice } from "@/lib/client/use-live-events";
import { LiveIndicator } from "./live-indicator";
import { Logo } from "./logo";
import { SessionProvider, type ShellUser } from "./session-context";
import { SearchBox } from "./search-box";
import { ThemeToggle } from "./theme-toggle";
import { Toaster, useToast } from "./toaster";

const links = [
  { href: "/", label: "Overview" },
  { href: "/orders", label: "Orders" },
  { href: "/exchanges", label: "Exchanges" },
  { href: "/events", label: "Events" },
  { href: "/reports", label: "Reports" },
];

/** The pages a role has: viewers read no audit log, operators also have their console. */
const linksFor = (role: ShellUser["role"]) => [
  ...links,
  ...(role === "viewer" ? [] : [{ href: "/audit", label: "Audit" }]),
  ...(role === "operator" ? [{ href: "/operator", label: "Operator" }] : []),
];

const describe = (notice: Extract<LiveNotice, { kind: "webhook" }>) =>
  notice.event
    ? `${notice.event.replace("exchange.", "Exchange ")}${notice.exchange_id ? ` · ${notice.exchange_id.slice(0, 8)}` : ""}`
    : "New event";

function Chrome({ user, children }: { user: ShellUser; children: ReactNode }) {
  const pathname = usePathname();
  const toast = useToast();
  const onNotice = useCallback(
    (notice: LiveNotice) => {
      if (notice.kind === "webhook") toast(describe(notice), notice.exchange_id ? `/exchanges/${notice.exchange_id}` : undefined);
    },
    [toast],
  );
  const status = useLiveEvents(onNotice);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-zinc-200 bg-white print:hidden dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3">
          <Link href="/" className="flex items-center gap-2 font-semibold">
            <Logo /> {user.tenantName}
          </Link>
          <nav aria-label="Main" className="order-3 -mx-1 flex w-full gap-1 overflow-x-auto px-1 sm:order-none sm:w-auto">
            {linksFor(user.role).map((link) => {
              const current = link.href === "/" ? pathname === "/" : pathname.startsWith(link.href);
              return (
                <Link
                  key={link.href}
                  href={link.href}
                  aria-current={current ? "page" : undefined}
                  className={
                    "shrink-0 rounded-md px-3 py-1.5 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-orange-500 " +
                    (current
                      ? "bg-zinc-100 font-medium dark:bg-zinc-800"
                      : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800")
                  }
                >
                  {link.label}
                </Link>
              );
            })}
          </nav>
          <div className="order-4 w-full sm:order-none sm:w-auto">
            <SearchBox />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <LiveIndicator status={status} />
            {/* the role fits beside the links and the search; the email is its tooltip and read out in full */}
            <span className="hidden text-xs text-zinc-500 dark:text-zinc-400 capitalize lg:inline" title={user.email}>
              <span className="sr-only">{user.email}, </span>
              {user.role}
            </span>
            {user.role !== "viewer" && (
              <Link
                href="/settings"
                aria-current={pathname.startsWith("/settings") ? "page" : undefined}
                className={
                  "rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-orange-500 " +
                  "aria-[current=page]:bg-zinc-100 aria-[current=page]:font-medium dark:text-zinc-300 dark:hover:bg-zinc-800 " +
                  "dark:aria-[current=page]:bg-zinc-800"
                }
              >
                Settings
              </Link>
            )}
            <ThemeToggle />
            <button
              type="button"
              onClick={() => void signOut("/login")}
              className={
                "rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 " +
                "focus-visible:outline-orange-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
              }
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}

const SESSION_ENDED = "dashboard:session-ended";

/** An ended session sends the person to sign in again, and back here afterwards. */
function useSignInAgain() {
  const router = useRouter();
  useEffect(() => {
    const onEnded = () => router.replace(`/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    window.addEventListener(SESSION_ENDED, onEnded);
    return () => window.removeEventListener(SESSION_ENDED, onEnded);
  }, [router]);
}

export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  useSignInAgain();
  return (
    <QueryProvider staleTime={5_000} onUnauthorized={() => window.dispatchEvent(new Event(SESSION_ENDED))}>
      <SessionProvider value={user}>
        <Toaster>
          <Chrome user={user}>{children}</Chrome>
        </Toaster>
      </SessionProvider>
    </QueryProvider>
  );
}
