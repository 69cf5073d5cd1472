import { timestamp } from "drizzle-orm/pg-core";

/** Every timestamp: with time zone, millisecond precision (the wire's precision). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
