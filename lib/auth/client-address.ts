/**
 * The caller's address as the server in front of us saw it: the last x-forwarded-for entry
 * (Next.js appends the socket's address; earlier entries are whatever the client claimed).
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string {
  const get = (name: string) => {
    if (headers instanceof Headers) return headers.get(name);
    const value = headers[name];
    return Array.isArray(value) ? value.join(",") : (value ?? null);
  };
  const forwarded = get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last ?? get("x-real-ip") ?? "unknown";
}
