"use client";
import { Link } from "@/components/ui/app-link";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { signOut } from "@/lib/dashboard/client/sign-out";
import { SESSION_ENDED } from "@/lib/dashboard/client/live-notices";
import { useLiveEvents, type LiveNotice } from "@/lib/dashboard/client/use-live-events";
import { useSessionChanges } from "@/lib/dashboard/client/session-changes";
import { LiveIndicator } from "./live-indicator";
import { Bell } from "@/components/notifications/bell";
import { Logo } from "./logo";
import { SessionProvider, type ShellUser } from "./session-context";
import { SearchBox } from "./search-box";
import { StepUpDialog } from "./step-up-dialog";
import { ThemeToggle } from "./theme-toggle";
import { ChevronIcon, HeaderMenu, MenuIcon } from "./header-menu";
import { Toaster, useToast } from "./toaster";

type Page = "overview" | "orders" | "exchanges" | "events" | "reports" | "audit" | "operator";
const links: { href: string; page: Page }[] = [
  { href: "/", page: "overview" },
  { href: "/orders", page: "orders" },
  { href: "/exchanges", page: "exchanges" },
  { href: "/events", page: "events" },
  { href: "/reports", page: "reports" },
];

/** The pages a role has: viewers read no audit log, operators also have their console. */
const linksFor = (role: ShellUser["role"]) => [
  ...links,
  ...(role === "viewer" ? [] : [{ href: "/audit", page: "audit" as const }]),
  ...(role === "operator" ? [{ href: "/operator", page: "operator" as const }] : []),
];

const headerLinkClass =
  "rounded-md px-2 py-1 text-sm whitespace-nowrap text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 " +
  "focus-visible:outline-orange-500 aria-[current=page]:bg-zinc-100 aria-[current=page]:font-medium " +
  "dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-zinc-800";

function HeaderLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={headerLinkClass}>
      {children}
    </Link>
  );
}

function SignOutButton() {
  const t = useTranslations("shell");
  return (
    <button
      type="button"
      onClick={() => void signOut("/login")}
      className={
        "rounded-md px-2 py-1 text-sm whitespace-nowrap text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 " +
        "focus-visible:outline-orange-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
      }
    >
      {t("signOut")}
    </button>
  );
}

/**
 * The frame of someone who must set up a second factor first: their account page and nothing
 * else, no navigation, no search and no live stream (the API would refuse them all).
 */
function EnrolmentChrome({ user, languages, children }: { user: ShellUser; languages: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3">
          <span className="flex items-center gap-2 font-semibold">
            <Logo /> {user.tenantName}
          </span>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <SignOutButton />
            <div className="shrink-0">{languages}</div>
          </div>
        </div>
      </header>
      <PageMain>{children}</PageMain>
    </div>
  );
}

/** A section of the main navigation: in the header's row on a desktop, in the menu on a phone. */
function SectionLink({ href, current, stacked, children }: { href: string; current: boolean; stacked?: boolean; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={
        `shrink-0 rounded-md ${stacked ? "px-3 py-2.5" : "px-2.5 py-1.5"} text-sm whitespace-nowrap focus-visible:outline-2 ` +
        "focus-visible:outline-orange-500 " +
        (current ? "bg-zinc-100 font-medium dark:bg-zinc-800" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800")
      }
    >
      {children}
    </Link>
  );
}

/** The signed-in person's things: who they are, their account, the team's settings, theme, language, sign out. */
function AccountItems({ user, pathname, languages }: { user: ShellUser; pathname: string; languages: ReactNode }) {
  const t = useTranslations("shell");
  return (
    <div className="flex flex-col gap-1">
      <p className="px-2 pb-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="block wrap-anywhere text-zinc-700 dark:text-zinc-300">{user.email}</span>
        {t(`roles.${user.role}`)}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <HeaderLink href="/account" current={pathname.startsWith("/account")}>
          {t("nav.account")}
        </HeaderLink>
        {user.role !== "viewer" && (
          <HeaderLink href="/settings" current={pathname.startsWith("/settings")}>
            {t("nav.settings")}
          </HeaderLink>
        )}
        <ThemeToggle />
        <SignOutButton />
      </div>
      <div className="flex justify-start px-1">{languages}</div>
    </div>
  );
}

function Chrome({ user, languages, children }: { user: ShellUser; languages: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const toast = useToast();
  const t = useTranslations("shell");
  const onNotice = useCallback(
    (notice: LiveNotice) => {
      if (notice.kind !== "webhook") return;
      const text = t("toast.event", {
        event: (notice.event ?? "other").replace(".", "_"),
        exchange: notice.exchange_id ? notice.exchange_id.slice(0, 8) : "none",
      });
      // exchange.settled → "id:settled", as the tab's own action tells of it (simulator, operator console)
      const state = notice.event?.startsWith("exchange.") ? notice.event.slice("exchange.".length) : null;
      toast(text, notice.exchange_id ? `/exchanges/${notice.exchange_id}` : undefined, {
        id: String(notice.seq),
        about: notice.exchange_id && state ? `${notice.exchange_id}:${state}` : undefined,
        from: "stream",
      });
    },
    [toast, t],
  );
  const status = useLiveEvents(onNotice, user.streamScope);
  const sections = linksFor(user.role).map((link) => ({
    ...link,
    // the request log and its errors are the developers' pages beside the webhooks received
    current:
      link.href === "/" ? pathname === "/" : pathname.startsWith(link.href) || (link.href === "/events" && pathname.startsWith("/logs")),
  }));
  return (
    <div className="flex min-h-screen flex-col">
      {/* above the header when focused: on a phone it lands where the header's items are */}
      <a
        href="#main"
        className={
          "sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 " +
          "focus:text-zinc-900 focus:shadow-md dark:focus:bg-zinc-900 dark:focus:text-zinc-100"
        }
      >
        {t("skipToContent")}
      </a>
      <header className="border-b border-zinc-200 bg-white print:hidden dark:border-zinc-800 dark:bg-zinc-900">
        {/* one row from 1024 px (1280 px in every language and role); below, the sections are in the menu */}
        <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 xl:gap-x-4">
          <Link href="/" className="flex min-w-0 items-center gap-2 font-semibold">
            <Logo /> <span className="max-w-[12rem] truncate lg:max-w-[9rem] xl:max-w-[12rem]">{user.tenantName}</span>
          </Link>
          <nav aria-label={t("mainNav")} className="hidden gap-0.5 lg:flex">
            {sections.map((link) => (
              <SectionLink key={link.href} href={link.href} current={link.current}>
                {t(`nav.${link.page}`)}
              </SectionLink>
            ))}
          </nav>
          <div className="order-last w-full sm:order-none sm:w-auto">
            <SearchBox />
          </div>
          <div className="ml-auto flex items-center gap-x-2">
            <LiveIndicator status={status} serviceFailingSince={user.serviceFailingSince} />
            {user.unread !== null && <Bell unread={user.unread} />}
            <HeaderMenu
              key={`sections ${pathname}`}
              className="inline-flex lg:hidden"
              label={
                <>
                  <MenuIcon />
                  {t("menu")}
                </>
              }
              panelClassName="inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b px-4 py-3 lg:hidden"
            >
              <nav aria-label={t("mainNav")} className="mb-3 grid grid-cols-2 gap-1 border-b border-zinc-200 pb-3 dark:border-zinc-800">
                {sections.map((link) => (
                  <SectionLink key={link.href} href={link.href} current={link.current} stacked>
                    {t(`nav.${link.page}`)}
                  </SectionLink>
                ))}
              </nav>
              <AccountItems user={user} pathname={pathname} languages={languages} />
            </HeaderMenu>
            <HeaderMenu
              key={`account ${pathname}`}
              className="hidden lg:inline-flex"
              label={
                <>
                  <span className="sr-only">{user.email}, </span>
                  {t(`roles.${user.role}`)}
                  <ChevronIcon />
                </>
              }
              panelClassName="top-full right-4 mt-1 hidden w-72 rounded-md border p-3 lg:block"
            >
              <AccountItems user={user} pathname={pathname} languages={languages} />
            </HeaderMenu>
          </div>
        </div>
      </header>
      <PageMain>{children}</PageMain>
    </div>
  );
}

/** An ended session sends the person to sign in again, and back here afterwards. */
function useSignInAgain() {
  const router = useRouter();
  useEffect(() => {
    const onEnded = () => router.replace(`/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    window.addEventListener(SESSION_ENDED, onEnded);
    return () => window.removeEventListener(SESSION_ENDED, onEnded);
  }, [router]);
}

/** The dashboard's frame; `languages` is the language switcher, rendered on the server. */
export function AppShell({ user, languages, children }: { user: ShellUser; languages: ReactNode; children: ReactNode }) {
  useSignInAgain();
  useSessionChanges();
  return (
    <SessionProvider value={user}>
      <Toaster>
        {user.mustEnrol ? (
          <EnrolmentChrome user={user} languages={languages}>
            {children}
          </EnrolmentChrome>
        ) : (
          <Chrome user={user} languages={languages}>
            {children}
          </Chrome>
        )}
        <StepUpDialog />
      </Toaster>
    </SessionProvider>
  );
}

/** The page's own content, below either header: where the skip link lands. */
function PageMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
      {children}
    </main>
  );
}
