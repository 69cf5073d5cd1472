// Step-up in the browser: an action the API refuses with 403 reauthentication_required asks the
// person to confirm it's you (the shell's dialog registers itself here), and is then sent again
// by apiFetch. Concurrent refusals share one dialog.

type Opener = () => Promise<boolean>;

let opener: Opener | null = null;
let open: Promise<boolean> | null = null;

/** The shell's dialog: resolves true once the person confirmed, false when they cancelled. */
export function provideStepUp(fn: Opener): () => void {
  opener = fn;
  return () => {
    if (opener === fn) opener = null;
  };
}

/** Asks the person to confirm; false where no dialog can ask (a page outside the dashboard). */
export function requestStepUp(): Promise<boolean> {
  if (!opener) return Promise.resolve(false);
  open ??= opener().finally(() => {
    open = null;
  });
  return open;
}
