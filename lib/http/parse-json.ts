import * as z from "zod/mini";

/**
 * A text that should hold JSON of one shape (a NOTIFY payload, an SSE frame's data), parsed
 * with its schema: null if it is not JSON or not that shape. Server and browser alike.
 */
export function parseJsonAs<T extends z.core.$ZodType>(schema: T, text: string): z.output<T> | null {
  try {
    const parsed = z.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
