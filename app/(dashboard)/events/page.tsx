import { headers } from "next/headers";
import { EventsPage } from "@/components/events/events-page";
import { RejectedList } from "@/components/events/rejected-list";
import { WebhookHealth } from "@/components/events/webhook-health";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { LogsTabs } from "@/components/request-log/logs-tabs";
import { titled } from "@/i18n/page-title";
import { originOf } from "@/lib/http/request-origin";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";
import { webhookEventQuerySchema, type WebhookEventPage } from "@/lib/dashboard/contract/events-api";
import { PAGE_SIZE, filtersFrom, firstPage, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";
import { webhookUrl } from "@/lib/dashboard/auth/webhook-url";
import { listWebhookEvents, webhookHealth } from "@/lib/dashboard/webhooks/list-events";
import { listRejections } from "@/lib/dashboard/webhooks/record-rejection";

export const generateMetadata = titled("events");

/**
 * Received webhooks as GET /api/webhook-events answers them for the same filters, the receiver's
 * health card and the refused ones (admins and operators), refreshed on each live notice.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { user, tenant, db } = await pageContext();
  const filters = filtersFrom(await searchParams, listFilters.events);
  const { result, ...eventFilters } = filters;
  const query = webhookEventQuerySchema.safeParse({ ...eventFilters, limit: String(PAGE_SIZE) });
  const empty: WebhookEventPage = { data: [], next_before: null, next_after: null, total: 0, total_exact: true };
  const [{ first, error }, health, rejections] = await Promise.all([
    result === "rejected"
      ? { first: empty, error: null }
      : firstPage(query.success ? () => listWebhookEvents(db, tenant, query.data) : query.error, empty),
    webhookHealth(db, tenant.id, webhookUrl(originOf(await headers()), tenant)),
    user.role === "viewer" || result === "valid" ? null : listRejections(db, tenant.id),
  ]);
  return (
    <>
      <LiveRefresh on="all" />
      <div className="mb-4">
        <LogsTabs current="webhooks" scenarios={isSandboxTenant(tenant)} />
      </div>
      <EventsPage
        first={first}
        shownFor={filters}
        error={error}
        health={<WebhookHealth health={health} />}
        rejected={<RejectedList rejections={rejections} />}
      />
    </>
  );
}
