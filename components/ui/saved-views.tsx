"use client";
import { Link } from "@/components/ui/app-link";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/dashboard/client/api";
import { savedViewListSchema, savedViewSchema, type ListKind, type SavedView } from "@/lib/dashboard/contract/lists-api";
import * as z from "zod/mini";
import { Button } from "./button";
import { TextInput } from "./field";
import { FormError } from "./states";
import { useSubmit } from "./use-submit";

/**
 * The list's "Views": the user's saved views and those shared with the team, each a link to the
 * list with its query string; and the current filters, range and sort (`query`) saved under a
 * name, for oneself or the team. Opened, it asks the API for the views; Escape closes it.
 */
export function SavedViews({ list, basePath, query }: { list: ListKind; basePath: string; query: string }) {
  const t = useTranslations("lists.views");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [views, setViews] = useState<SavedView[] | null>(null);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const { busy, error, run } = useSubmit();
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    void run(async () => setViews((await apiFetch(`/api/views?list=${list}`, savedViewListSchema)).data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again each time it opens
  }, [open, list]);
  const close = () => {
    setOpen(false);
    wrapper.current?.querySelector("button")?.focus();
  };
  const mine = views?.filter((v) => v.own) ?? [];
  const team = views?.filter((v) => !v.own) ?? [];
  // a base path with its own query (the settings page's tab) takes the view's after an &
  const hrefOf = (view: SavedView) => (view.query ? `${basePath}${basePath.includes("?") ? "&" : "?"}${view.query}` : basePath);
  const rename = (view: SavedView, name: string) =>
    run(async () => {
      const renamed = await apiFetch(`/api/views/${view.id}`, savedViewSchema, { method: "PATCH", body: { name } });
      setViews((current) => current?.map((v) => (v.id === renamed.id ? renamed : v)) ?? null);
      setRenaming(null);
    });
  const item = (view: SavedView) =>
    renaming?.id === view.id ? (
      <li key={view.id} className="py-1" data-view={view.name}>
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
      <li key={view.id} className="flex items-center gap-2 py-1" data-view={view.name}>
        <Link
          href={hrefOf(view)}
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
          <Button
            size="sm"
            variant="ghost"
            aria-label={t("delete", { name: view.name })}
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await apiFetch(`/api/views/${view.id}`, z.unknown(), { method: "DELETE" });
                setViews((current) => current?.filter((v) => v.id !== view.id) ?? null);
              })
            }
          >
            ✕
          </Button>
        )}
      </li>
    );
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
              {mine.length > 0 && (
                <section aria-labelledby={`${id}-mine`}>
                  <h2 id={`${id}-mine`} className="text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400">
                    {t("mine")}
                  </h2>
                  <ul>{mine.map(item)}</ul>
                </section>
              )}
              {team.length > 0 && (
                <section aria-labelledby={`${id}-team`}>
                  <h2 id={`${id}-team`} className="text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400">
                    {t("team")}
                  </h2>
                  <ul>{team.map(item)}</ul>
                </section>
              )}
            </>
          )}
          <form
            className="flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
            onSubmit={(event) => {
              event.preventDefault();
              setSaved(null);
              void run(async () => {
                const view = await apiFetch("/api/views", savedViewSchema, { method: "POST", body: { list, name, query, shared } });
                setViews((current) => [...(current ?? []), view]);
                setSaved(view.name);
                setName("");
              });
            }}
          >
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
        </div>
      )}
    </div>
  );
}
