"use client";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

type Toast = { id: number; text: string; href?: string };
const ToastContext = createContext<(text: string, href?: string) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

/** Short notices in a corner, announced politely to screen readers. */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const push = useCallback((text: string, href?: string) => {
    const id = Date.now() + Math.random();
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
