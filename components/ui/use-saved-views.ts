"use client";
import { useEffect, useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/dashboard/client/api";
import { savedViewListSchema, savedViewSchema, type ListKind, type SavedView } from "@/lib/dashboard/contract/lists-api";
import * as z from "zod/mini";
import { useSubmit } from "./use-submit";

/** The "Views" menu's state: the views asked for each time it opens, one renamed in place, a new one's name. */
export function useSavedViews(list: ListKind, query: string) {
  const [open, setOpen] = useState(false);
  const [views, setViews] = useState<SavedView[] | null>(null);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const { busy, error, run } = useSubmit();
  useEffect(() => {
    if (!open) return;
    void run(async () => setViews((await apiFetch(`/api/views?list=${list}`, savedViewListSchema)).data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again each time it opens
  }, [open, list]);
  const rename = (view: SavedView, name: string) =>
    run(async () => {
      const renamed = await apiFetch(`/api/views/${view.id}`, savedViewSchema, { method: "PATCH", body: { name } });
      setViews((current) => current?.map((v) => (v.id === renamed.id ? renamed : v)) ?? null);
      setRenaming(null);
    });
  const remove = (view: SavedView) =>
    void run(async () => {
      await apiFetch(`/api/views/${view.id}`, z.unknown(), { method: "DELETE" });
      setViews((current) => current?.filter((v) => v.id !== view.id) ?? null);
    });
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    void run(async () => {
      const view = await apiFetch("/api/views", savedViewSchema, { method: "POST", body: { list, name, query, shared } });
      setViews((current) => [...(current ?? []), view]);
      setSaved(view.name);
      setName("");
    });
  };
  return { open, setOpen, views, name, setName, shared, setShared, saved, renaming, setRenaming, busy, error, rename, remove, save };
}

/** The menu's state and actions, as the parts of the menu take them. */
export type SavedViewsState = ReturnType<typeof useSavedViews>;
