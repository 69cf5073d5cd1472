"use client";
import { Link } from "@/components/ui/app-link";
import { useId, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { ListKind, SavedView } from "@/lib/dashboard/contract/lists-api";
import { Button } from "./button";
import { TextInput } from "./field";
import { FormError } from "./states";
import { useSavedViews, type SavedViewsState } from "./use-saved-views";

/**
 * The list's "Views": the user's saved views and those shared with the team, each a link to the
 * list with its query string; and the current filters, range and sort (`query`) saved under a
 * name, for oneself or the team. Opened, it asks the API for the views; Escape closes it.
 */
export function SavedViews({ list, basePath, query }: { list: ListKind; basePath: string; query: string }) {
  const t = useTranslations("lists.views");
  const id = useId();
  const state = useSavedViews(list, query);
  const { open, setOpen, views } = state;
  const wrapper = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    wrapper.current?.querySelector("button")?.focus();
  };
  const mine = views?.filter((v) => v.own) ?? [];
  const team = views?.filter((v) => !v.own) ?? [];
  // a base path with its own query (the settings page's tab) takes the view's after an &
  const hrefOf = (view: SavedView) => (view.query ? `${basePath}${basePath.includes("?") ? "&" : "?"}${view.query}` : basePath);
  const item = (view: SavedView) => <ViewItem key={view.id} view={view} href={hrefOf(view)} state={state} />;
  return (
    <div ref={wrapper} className="relative" onKeyDown={(e) => e.key === "Escape" && open && close()}>
      <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-views`} onClick={() => (open ? close() : setOpen(true))}>
        {t("button")}
        <span aria-hidden>▾</span>
      </Button>
      {open && (
        <div
          id={`${id}-views`}
          role="region"
          aria-label={t("button")}
          className={
            // a sheet along the phone's bottom edge, wherever the button wrapped to; a drop-down under it on wider screens
            "fixed inset-x-4 bottom-4 z-30 flex max-h-[70vh] flex-col gap-3 overflow-y-auto rounded-lg border border-zinc-200 " +
            "bg-white p-3 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:bottom-auto sm:mt-1 sm:w-[22rem] " +
            "dark:border-zinc-800 dark:bg-zinc-950"
          }
        >
          {views === null ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("loading")}</p>
          ) : views.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("none")}</p>
          ) : (
            <>
              {mine.length > 0 && <ViewSection id={`${id}-mine`} heading={t("mine")} items={mine.map(item)} />}
              {team.length > 0 && <ViewSection id={`${id}-team`} heading={t("team")} items={team.map(item)} />}
            </>
          )}
          <SaveViewForm id={id} state={state} />
        </div>
      )}
    </div>
  );
}

/** One group of views (one's own, or the team's) under its heading. */
function ViewSection({ id, heading, items }: { id: string; heading: string; items: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400">
        {heading}
      </h2>
      <ul>{items}</ul>
    </section>
  );
}

/** One saved view: a link to the list, or, while it is renamed, a form for its new name. */
function ViewItem({ view, href, state }: { view: SavedView; href: string; state: SavedViewsState }) {
  const t = useTranslations("lists.views");
  const { renaming, setRenaming, busy, rename, remove, setOpen } = state;
  return renaming?.id === view.id ? (
    <li className="py-1" data-view={view.name}>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void rename(view, renaming.name);
        }}
      >
        <TextInput
          aria-label={t("newName", { name: view.name })}
          value={renaming.name}
          maxLength={80}
          required
          autoFocus
          onChange={(e) => setRenaming({ id: view.id, name: e.target.value })}
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            e.stopPropagation();
            setRenaming(null);
          }}
        />
        <Button type="submit" size="sm" disabled={busy || renaming.name.trim() === ""}>
          {t("rename")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
          {t("cancel")}
        </Button>
      </form>
    </li>
  ) : (
    <li className="flex items-center gap-2 py-1" data-view={view.name}>
      <Link
        href={href}
        onClick={() => setOpen(false)}
        className="min-w-0 flex-1 truncate text-sm text-orange-700 hover:underline dark:text-orange-400"
      >
        {view.name}
      </Link>
      {view.shared && view.own && <span className="text-xs text-zinc-500 dark:text-zinc-400">{t("sharedMark")}</span>}
      {!view.own && view.created_by && <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{view.created_by}</span>}
      {view.own && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={t("renameLabel", { name: view.name })}
          disabled={busy}
          onClick={() => setRenaming({ id: view.id, name: view.name })}
        >
          ✎
        </Button>
      )}
      {view.own && (
        <Button size="sm" variant="ghost" aria-label={t("delete", { name: view.name })} disabled={busy} onClick={() => remove(view)}>
          ✕
        </Button>
      )}
    </li>
  );
}

/** The current filters, range and sort saved under a name, for oneself or the team. */
function SaveViewForm({ id, state }: { id: string; state: SavedViewsState }) {
  const t = useTranslations("lists.views");
  const { name, setName, shared, setShared, saved, busy, error, save } = state;
  return (
    <form className="flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800" onSubmit={save}>
      <label htmlFor={`${id}-name`} className="text-sm font-medium">
        {t("name")}
      </label>
      <TextInput id={`${id}-name`} value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} className="h-4 w-4 accent-orange-600" />
        {t("shared")}
      </label>
      <Button type="submit" disabled={busy || name.trim() === ""}>
        {t("save")}
      </Button>
      {saved && (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {t("saved", { name: saved })}
        </p>
      )}
      <FormError message={error} />
    </form>
  );
}
