"use client";
import { useRouter, useSearchParams } from "next/navigation";

/** List filters kept in the page's URL, so a filtered list can be shared and reloaded. */
export function useUrlFilters(basePath: string, keys: readonly string[]) {
  const router = useRouter();
  const params = useSearchParams();
  const filters: Record<string, string> = Object.fromEntries(
    keys.flatMap((key) => (params.get(key) ? [[key, params.get(key) ?? ""]] : [])),
  );
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    router.replace(`${basePath}?${next}`);
  };
  return { filters, setFilter };
}
