"use client";
import { Link } from "@/components/ui/app-link";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useLiveSignals } from "@/lib/dashboard/client/live-notices";

/**
 * The header's bell: the unread count as the server rendered it with the page, which is drawn
 * again when the live stream says a notification came (and by the notifications page when it marks some read).
 */
export function Bell({ unread }: { unread: number }) {
  const t = useTranslations("shell");
  const pathname = usePathname();
  const router = useRouter();
  useLiveSignals((signal) => {
    // after a drop, what came meanwhile is not replayed: count again
    if (signal.kind === "notification" || signal.kind === "reconnected") router.refresh();
  });
  return (
    <Link
      href="/notifications"
      aria-current={pathname.startsWith("/notifications") ? "page" : undefined}
      aria-label={t("bell", { count: unread })}
      title={t("bell", { count: unread })}
      data-unread={unread}
      className={
        "relative inline-flex h-8 w-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 " +
        "focus-visible:outline-2 focus-visible:outline-orange-500 aria-[current=page]:bg-zinc-100 dark:text-zinc-300 " +
        "dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-zinc-800"
      }
    >
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden
          className={
            "absolute -top-1 -right-1 min-w-4 rounded-full bg-orange-700 px-1 text-center text-[10px] leading-4 " +
            "font-semibold text-white"
          }
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
