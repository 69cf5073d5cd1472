"use client";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { ModalDialog } from "./modal-dialog";

type Question = { title: string; message: string; confirm: string; cancel: string };

/**
 * Asks before an action that cannot be undone, in the page (not the browser's own confirm()): a
 * native modal dialog (ModalDialog), so focus stays in it, Escape cancels and focus returns to what opened it.
 * `ask` resolves true when the person confirms; render `dialog` once in the component.
 */
export function useConfirm(): { ask: (question: Question) => Promise<boolean>; dialog: ReactNode } {
  const ref = useRef<HTMLDialogElement>(null);
  const settle = useRef<((yes: boolean) => void) | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const titleId = useId();
  const messageId = useId();

  const ask = useCallback(
    (next: Question) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setQuestion(next);
        ref.current?.showModal();
      }),
    [],
  );
  const close = (yes: boolean) => {
    ref.current?.close();
    settle.current?.(yes);
    settle.current = null;
  };

  const dialog = (
    <ModalDialog ref={ref} aria-labelledby={titleId} aria-describedby={messageId} onCancel={() => close(false)}>
      <h2 id={titleId} className="text-lg font-semibold">
        {question?.title}
      </h2>
      <p id={messageId} className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        {question?.message}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => close(false)} autoFocus>
          {question?.cancel}
        </Button>
        <Button variant="danger" onClick={() => close(true)}>
          {question?.confirm}
        </Button>
      </div>
    </ModalDialog>
  );
  return { ask, dialog };
}
