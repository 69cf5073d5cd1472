export const WINDOW_MS: number;
export function signalGate(handlers: {
  first: (signal: string) => void;
  again: (signal: string) => void;
  now?: () => number;
}): (signal: string) => "first" | "copy" | "again";
