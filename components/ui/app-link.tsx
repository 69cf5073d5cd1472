"use client";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/** Routes fetched ahead, and when: reaching for a link again within this window sends nothing. */
const fetchedAhead = new Map<string, number>();
const AHEAD_MS = 30_000;

/**
 * The dashboard's link: `next/link` that fetches its route ahead only when a person reaches for it
 * (the pointer over it, a finger on it, the keyboard's focus on it), never for every link that
 * scrolls into view. A table of fifty rows would otherwise send fifty prefetches, and a page's
 * live refresh would send them all again. `prefetch={false}` keeps a link from prefetching at all.
 */
export function Link({ prefetch, href, onMouseEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const route = typeof href === "string" ? href : null;
  const ahead = () => {
    if (prefetch === false || !route?.startsWith("/")) return;
    // the router asks again for a dynamic page at every prefetch: one per route and window is enough
    const now = Date.now();
    if (now - (fetchedAhead.get(route) ?? -Infinity) < AHEAD_MS) return;
    fetchedAhead.set(route, now);
    router.prefetch(route);
  };
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        ahead();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        ahead();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        ahead();
        onFocus?.(event);
      }}
    />
  );
}
