import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { passkeys, totpFactors } from "@/lib/db/schema";

/** Whether the user of `userId` has a second factor: a passkey or a confirmed authenticator app. */
export const hasFactorSql = (userId: AnyColumn): SQL<boolean> =>
  sql<boolean>`(EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${userId})
    OR EXISTS (SELECT 1 FROM ${totpFactors} WHERE ${totpFactors.userId} = ${userId} AND ${totpFactors.confirmedAt} IS NOT NULL))`;
