import "server-only";
import { timingSafeEqual, createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxClients } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";

/** `Authorization: client_id <id>` (the service's scheme) or `Bearer <id>`. */
export async function authenticateClient(db: Db, header: string | null): Promise<string> {
  const match = /^(?:client_id|bearer)\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) throw new ApiError("unauthorized", "Send Authorization: client_id <client_id>");
  const [client] = await db.select({ clientId: sandboxClients.clientId }).from(sandboxClients).where(eq(sandboxClients.clientId, match[1]));
  if (!client) throw new ApiError("unauthorized", "Unknown client_id");
  return client.clientId;
}

function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export function authenticateOperator(header: string | null): void {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1] || !sameSecret(match[1], env().secrets.SANDBOX_OPERATOR_KEY)) {
    throw new ApiError("unauthorized", "Send Authorization: Bearer <SANDBOX_OPERATOR_KEY>");
  }
}
