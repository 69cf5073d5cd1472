import { ExchangePage } from "@/components/exchanges/exchange-page";
import { readFailure } from "@/components/shell/read-failure";
import { titled } from "@/i18n/page-title";
import { pathId } from "@/lib/http/route-params";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import type { SimulatorSteps } from "@/lib/dashboard/contract/console-api";
import { serviceTime } from "@/lib/service-api/client";
import { lightningPayoutMethodSchema } from "@/lib/service-api/schemas";
import { toExchangeView } from "@/lib/dashboard/exchanges/exchange-view";
import { withExecutedFigures } from "@/lib/dashboard/exchanges/executed-figures";
import { readExchange } from "@/lib/dashboard/exchanges/read-exchange";
import { errorCodeOf } from "@/lib/dashboard/pages/error-code";
import { isSandboxTenant, simulatorFor } from "@/lib/dashboard/simulator/simulator";
import { eventsOfExchange } from "@/lib/dashboard/events/event-store";
import { listPayoutLinks } from "@/lib/dashboard/payout-links/link-list";
import { reachabilityOf } from "@/lib/dashboard/upstream/reachability";
import { ServiceUnreachable } from "@/components/shell/service-unreachable";

export const generateMetadata = titled("exchange");

/** The exchange as GET /api/exchanges/{id} reads it, its stored events and payout links, the order's node and the test buttons' steps. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { user, tenant, db } = await pageContext();
  let view;
  let asOf: Date | undefined;
  try {
    const id = pathId("exchange", (await params).id);
    const read = await readExchange(db, tenant, id, { storedWhenUnreachable: true });
    view = toExchangeView(read.exchange);
    asOf = read.asOf;
  } catch (error) {
    return readFailure(error);
  }
  const payoutOpen = view.action?.kind === "initiate_payout";
  const [events, payoutLinks, nodePubkey, steps] = await Promise.all([
    eventsOfExchange(db, tenant.id, view.id),
    listPayoutLinks(db, tenant.id, view.id),
    payoutOpen
      ? upstreamFor(tenant)
          .getOrder(view.order_id)
          .then((order) => {
            const proven = lightningPayoutMethodSchema.safeParse(order.payout_method);
            return proven.success ? proven.data.node_pubkey : null;
          })
          .catch(() => null)
      : null,
    isSandboxTenant(tenant) && user.role === "admin"
      ? simulatorFor(tenant)
          .exchange(view.id)
          .then(({ payout_kind, events }): SimulatorSteps => ({ payout_kind, events }))
          .catch((error: unknown) => ({ error: errorCodeOf(error) }))
      : null,
  ]);
  const since = reachabilityOf(tenant.baseUrl).failingSince;
  return (
    <>
      {asOf && <ServiceUnreachable since={since?.toISOString() ?? null} asOf={asOf.toISOString()} />}
      <ExchangePage
        view={withExecutedFigures(view, events.data)}
        events={events.data}
        payoutLinks={payoutLinks}
        nodePubkey={nodePubkey}
        steps={steps}
        renderedAt={serviceTime(tenant.baseUrl).getTime()}
      />
    </>
  );
}
