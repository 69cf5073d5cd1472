"use client";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

type Toast = { id: number; text: string; href?: string };

/**
 * What a toast tells of, so that one event makes one toast: `id` is the event's own (the live
 * stream's seq: a frame heard again, after a reconnect or through another tab, is not shown
 * twice); `about` is what changed ("exchange id:state"), told by the tab's own action and by the
 * stream alike: the first to arrive is shown, the other's telling of it is not.
 */
export type ToastIdentity = { id?: string; about?: string; from: "action" | "stream" };
type Push = (text: string, href?: string, identity?: ToastIdentity) => void;

const ToastContext = createContext<Push>(() => {});

/** How long a told event is remembered: longer than the stream's slowest replay of it. */
const REMEMBERED_MS = 5 * 60_000;

export function useToast() {
  return useContext(ToastContext);
}

/** Short notices in a corner, announced politely to screen readers. */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const told = useRef(new Map<string, number>());
  const push = useCallback<Push>((text, href, identity) => {
    const now = Date.now();
    for (const [key, at] of told.current) if (now - at > REMEMBERED_MS) told.current.delete(key);
    if (identity) {
      const other = identity.from === "action" ? "stream" : "action";
      if (identity.id && told.current.has(`id ${identity.id}`)) return;
      if (identity.about && told.current.has(`${other} ${identity.about}`)) return;
      if (identity.id) told.current.set(`id ${identity.id}`, now);
      if (identity.about) told.current.set(`${identity.from} ${identity.about}`, now);
    }
    const id = now + Math.random();
    setToasts((all) => [...all.slice(-3), { id, text, href }]);
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), 6000);
  }, []);
  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            data-toast
            className={
              "pointer-events-auto rounded-md border border-zinc-200 bg-white p-3 text-sm shadow-lg " +
              "dark:border-zinc-700 dark:bg-zinc-900"
            }
          >
            {toast.href ? (
              <a href={toast.href} className="underline-offset-2 hover:underline">
                {toast.text}
              </a>
            ) : (
              toast.text
            )}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
