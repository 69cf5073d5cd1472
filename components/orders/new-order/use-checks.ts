"use client";
import { useEffect, useState } from "react";

export type Checks = typeof import("./checks");

let loaded: Checks | null = null;
let loading: Promise<Checks> | null = null;

/** The destination and signature checks, fetched the first time `needed` is true; null until then. */
export function useChecks(needed: boolean): Checks | null {
  const [checks, setChecks] = useState<Checks | null>(loaded);
  useEffect(() => {
    if (!needed || checks) return;
    let live = true;
    loading ??= import("./checks").then((module) => (loaded = module));
    void loading.then((module) => live && setChecks(module));
    return () => {
      live = false;
    };
  }, [needed, checks]);
  return checks;
}

/** What a step shows while its checks load. */
export const LOADING_CHECK = { ok: false, key: "loading" } as const;
