"use client";
import type { ReactNode, RefObject } from "react";

/**
 * A native modal dialog (open it with `ref.current.showModal()`): focus stays in it and returns
 * to what opened it. Escape calls `onCancel` and leaves closing to it, so that whoever waits on
 * the dialog's answer hears of it.
 */
export function ModalDialog({
  ref,
  onCancel,
  children,
  ...labels
}: {
  ref: RefObject<HTMLDialogElement | null>;
  onCancel: () => void;
  "aria-labelledby": string;
  "aria-describedby"?: string;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={ref}
      {...labels}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={
        "m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl " +
        "backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      }
    >
      {children}
    </dialog>
  );
}
