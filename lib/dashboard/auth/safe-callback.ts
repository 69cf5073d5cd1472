/**
 * Where to go after sign-in: the requested target resolved against our own origin, as the
 * browser would resolve it (so "/\\x", "//x" and "/<tab>/x" are seen as the other sites they
 * name); anything off our origin, or unparseable, goes to "/". Returns a path, never a URL.
 */
export function safeCallbackPath(target: string | null | undefined, origin: string): string {
  if (!target) return "/";
  try {
    const base = new URL(origin);
    const url = new URL(target, base);
    if (url.origin !== base.origin) return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}
