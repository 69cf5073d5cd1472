import "server-only";
import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import { beforeId, pageBefore } from "@/lib/http/cursor";
import type { Db } from "@/lib/db/client";
import { signIns } from "@/lib/db/schema";
import { WINDOW_MS } from "./sign-in-limit";
import type { SignInPage, SignInQuery } from "@/lib/dashboard/contract/settings-api";
import type { SignInMethod } from "./factors/policy";

export type SignInResult = "ok" | "wrong_password" | "wrong_code" | "disabled" | "rate_limited";
type Account = { id: string; email: string; tenantId: string | null };

/**
 * Records an attempt on an existing account. Of the refusals of one rate-limit window only the
 * first is kept, so a flood against an account adds one row per window, not one per request.
 */
export async function recordSignIn(
  db: Db,
  account: Account,
  address: string,
  result: SignInResult,
  method: SignInMethod | null = null,
  at = new Date(),
) {
  if (result === "rate_limited") {
    const [recent] = await db
      .select({ id: signIns.id })
      .from(signIns)
      .where(and(eq(signIns.userId, account.id), eq(signIns.result, "rate_limited"), gt(signIns.at, new Date(at.getTime() - WINDOW_MS))))
      .limit(1);
    if (recent) return;
  }
  await db.insert(signIns).values({ userId: account.id, tenantId: account.tenantId, email: account.email, address, result, method, at });
}

// GET /api/settings/sign-ins – a tenant's sign-in history, newest first
export async function listSignIns(db: Db, tenantId: string, query: SignInQuery): Promise<SignInPage> {
  const rows = await db
    .select()
    .from(signIns)
    .where(and(eq(signIns.tenantId, tenantId), isNotNull(signIns.userId), beforeId(signIns.id, query.before)))
    .orderBy(desc(signIns.id))
    .limit(query.limit + 1);
  const { page, next_before } = pageBefore(rows, query.limit);
  return {
    data: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      email: r.email,
      address: r.address,
      result: r.result as SignInResult,
      method: r.method as SignInMethod | null,
    })),
    next_before,
  } satisfies SignInPage;
}
