import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { PayoutPage, type PayoutPageState } from "@/components/pay/payout-page";
import { takePublicToken } from "@/lib/dashboard/api/public-route";
import { originOf } from "@/lib/http/request-origin";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { loadPublicView, publicServiceTime } from "@/lib/dashboard/payout-links/load-view";
import { errorText, logger } from "@/lib/log";

const log = logger("pay");

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pay");
  return { title: { absolute: t("title") }, robots: { index: false, follow: false } };
}

async function stateOf(token: string, requestHeaders: Headers): Promise<PayoutPageState> {
  // the render asks the service like GET /api/pay/{token} does, so it counts against the same allowance
  const db = await getDb();
  if (!(await takePublicToken(db, requestHeaders))) return { kind: "rate_limited" };
  try {
    const view = await loadPublicView(db, token);
    return {
      kind: "view",
      view,
      serviceTime: await publicServiceTime(db),
      pageUrl: `${originOf(requestHeaders)}/pay/${encodeURIComponent(token)}`,
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return { kind: "not_found" };
    if (error instanceof ApiError && error.code === "payout_link_revoked") return { kind: "revoked" };
    log.warn({ err: errorText(error) }, "the payout page could not load its exchange");
    return { kind: "error" };
  }
}

// The end user's payout page: no sign-in, only the unguessable token.
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <PayoutPage token={token} state={await stateOf(token, await headers())} />;
}
