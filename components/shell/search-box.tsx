"use client";
import { Link } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/field";
import { ApiClientError, apiFetch } from "@/lib/dashboard/client/api";
import { useErrorMessage } from "@/lib/dashboard/client/messages";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { searchResultSchema, type SearchResult } from "@/lib/dashboard/contract/shell-api";

/** Whether a key press is typing into something (then `/` is a character, not the shortcut). */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

type Hit = SearchResult["data"][number];
const matchClass = "block rounded px-2 py-1 hover:bg-zinc-100 focus:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800";

/** The matches by kind, in the order the server grouped them. */
function groupsOf(hits: Hit[]): [Hit["kind"], Hit[]][] {
  const groups = new Map<Hit["kind"], Hit[]>();
  for (const hit of hits) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit]);
  return [...groups];
}

/**
 * An order or exchange found: its kind, short id and state, then its pair (or currency), cost and
 * date on the service, then what matched, an amount always with its currency (the match's own,
 * not the text typed: "250" finds costs of 250 in any currency).
 */
function SearchHit({ hit, asked }: { hit: Hit; asked: string }) {
  const t = useTranslations("shell.search");
  const tc = useTranslations("common");
  const f = useFormat();
  const s = hit.summary;
  const cost = s?.cost != null && s.currency ? f.fiat(s.cost, s.currency) : null;
  const matched = hit.match === "cost" ? cost : hit.match === "amount" && s?.amount != null ? f.btc(s.amount) : null;
  const facts = s ? [s.pair?.toUpperCase() ?? s.currency, hit.match === "cost" ? null : cost, f.dateTime(s.at)] : [];
  return (
    <>
      <span>{t(`kinds.${hit.kind}`)}</span> <span className="font-mono">{hit.id.slice(0, 8)}…</span>
      {s && <span className="ml-1 text-xs font-medium">· {tc(`states.${s.state}`)}</span>}
      {s && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{facts.filter(Boolean).join(" · ")}</span>}
      <span className="block text-xs text-zinc-600 dark:text-zinc-400">
        {t(`match.${hit.match}`, { text: matched ?? asked, detail: hit.detail })}
      </span>
    </>
  );
}

/** What a search found: the matches grouped by kind, or that there are none, or why it failed. */
function SearchResults({
  result,
  asked,
  listRef,
  close,
}: {
  result: SearchResult | { error: string };
  asked: string;
  listRef: RefObject<HTMLDivElement | null>;
  close: () => void;
}) {
  const t = useTranslations("shell.search");
  return (
    <div
      role="status"
      className={
        "absolute right-0 z-40 mt-1 w-full min-w-72 rounded-md border border-zinc-200 bg-white p-2 text-sm shadow-lg " +
        "dark:border-zinc-700 dark:bg-zinc-900"
      }
    >
      {"error" in result ? (
        <p className="text-red-700 dark:text-red-400">{result.error}</p>
      ) : result.data.length === 0 ? (
        <p>{result.matched_as === "nothing" ? t("notAnything") : t("nothingMatches")}</p>
      ) : (
        <div ref={listRef} className="flex max-h-[70vh] flex-col gap-2 overflow-y-auto">
          {groupsOf(result.data).map(([kind, hits]) => (
            <section key={kind} aria-labelledby={`search-group-${kind}`}>
              <h2
                id={`search-group-${kind}`}
                className="px-2 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400"
              >
                {t(`groups.${kind}`)}
              </h2>
              <ul className="flex flex-col gap-1" aria-label={t(`groups.${kind}`)}>
                {hits.map((hit) => (
                  <li key={`${hit.kind}-${hit.id}`}>
                    <Link href={hit.href} onClick={close} className={matchClass}>
                      {hit.kind === "member" ? (
                        <>
                          <span className="wrap-anywhere">{hit.detail}</span>
                          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t("kinds.member")}</span>
                        </>
                      ) : (
                        <SearchHit hit={hit} asked={asked} />
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <button type="button" onClick={close} className="mt-1 text-xs text-zinc-600 underline dark:text-zinc-400">
        {t("close")}
      </button>
    </div>
  );
}

/** `/` from anywhere on the page focuses `input`, unless a key press is typing into something. */
function useSlashShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const focusSearch = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener("keydown", focusSearch);
    return () => document.removeEventListener("keydown", focusSearch);
  }, [input]);
}

/**
 * The header's search: one match opens it, several are listed, none says so. `/` focuses it from
 * anywhere on the page; ↓ and ↑ move through the matches, Enter opens the one chosen.
 */
export function SearchBox() {
  const router = useRouter();
  const t = useTranslations("shell.search");
  const messageFor = useErrorMessage();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SearchResult | { error: string } | null>(null);
  /** The text the shown matches answer (the box may have changed since). */
  const [asked, setAsked] = useState("");
  const close = () => setResult(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useSlashShortcut(input);
  /** ↓ and ↑ from the box or a match: the next or previous match (the box before the first). */
  const move = (event: KeyboardEvent) => {
    if (event.key === "Escape") return close();
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...(list.current?.querySelectorAll("a") ?? [])];
    if (links.length === 0) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : at - 1;
    (next < 0 ? input.current : links[next])?.focus();
  };
  return (
    <div className="relative w-full sm:w-44" onKeyDown={move}>
      <form
        role="search"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!text.trim()) return;
          setBusy(true);
          try {
            const found = await apiFetch(`/api/search?q=${encodeURIComponent(text.trim())}`, searchResultSchema);
            setAsked(text.trim());
            const only = found.data.length === 1 ? found.data[0] : undefined;
            if (only) {
              close();
              router.push(only.href);
            } else setResult(found);
          } catch (error) {
            setResult({ error: messageFor(error instanceof ApiClientError ? error.code : "unexpected_response") });
          } finally {
            setBusy(false);
          }
        }}
      >
        <label htmlFor="header-search" className="sr-only">
          {t("label")}
        </label>
        <input
          id="header-search"
          ref={input}
          type="search"
          aria-keyshortcuts="/"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("placeholder")}
          className={`${inputClass} py-1.5`}
          aria-busy={busy}
          autoComplete="off"
          spellCheck={false}
        />
      </form>
      {result && <SearchResults result={result} asked={asked} listRef={list} close={close} />}
    </div>
  );
}
