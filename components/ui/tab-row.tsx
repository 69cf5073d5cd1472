"use client";
import { useEffect, useRef } from "react";
import { Link } from "@/components/ui/app-link";

export type Tab = { href: string; label: string; current: boolean };

/**
 * A page's tabs as links, one row however narrow the screen: a row wider than a phone scrolls
 * sideways (a shade at an edge says more tabs are past it: `.scroll-cue` in globals.css) and opens
 * scrolled to the open tab. Wrapped, a row left one tab alone on a second line.
 */
export function TabRow({ label, tabs }: { label: string; tabs: Tab[] }) {
  const row = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = row.current;
    const open = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !open) return;
    const left = open.offsetLeft;
    if (left < nav.scrollLeft || left + open.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = left - (nav.clientWidth - open.offsetWidth) / 2;
    }
  }, [tabs]);
  return (
    <nav ref={row} aria-label={label} className="scroll-cue relative flex overflow-x-auto overscroll-x-contain">
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.current ? "page" : undefined}
          className={
            "shrink-0 border-b-2 border-zinc-200 px-3 py-2 text-sm whitespace-nowrap text-zinc-600 hover:text-zinc-900 " +
            "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-orange-500 dark:border-zinc-800 " +
            "dark:text-zinc-400 dark:hover:text-zinc-100 aria-[current=page]:border-orange-600 aria-[current=page]:font-medium " +
            "aria-[current=page]:text-zinc-900 dark:aria-[current=page]:text-zinc-100"
          }
        >
          {tab.label}
        </Link>
      ))}
      {/* the row's line goes on under the space after the last tab */}
      <span aria-hidden="true" className="min-w-2 flex-1 border-b-2 border-zinc-200 dark:border-zinc-800" />
    </nav>
  );
}
