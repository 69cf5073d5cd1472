import { headers } from "next/headers";
import { forbidden } from "next/navigation";
import { ExchangesPanel } from "@/components/operator/exchanges-panel";
import { OperatorPage, consoleTabs, type ConsoleTab } from "@/components/operator/operator-page";
import { SimulatorPanel } from "@/components/operator/simulator-panel";
import { TenantsPanel } from "@/components/operator/tenants-panel";
import { UsersPanel } from "@/components/operator/users-panel";
import { MailPanel } from "@/components/operator/mail-panel";
import { consoleMailDetail, consoleMailList } from "@/lib/dashboard/mail/outbox";
import { titled } from "@/i18n/page-title";
import { pathId } from "@/lib/http/route-params";
import { originOf } from "@/lib/http/request-origin";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { consoleExchanges, consoleTenants, consoleUsers } from "@/lib/dashboard/console/console";
import { consoleExchangeQuerySchema, type ConsoleExchangePage } from "@/lib/dashboard/contract/console-api";
import { env } from "@/lib/env";
import { errorCodeOf } from "@/lib/dashboard/pages/error-code";
import { PAGE_SIZE, filtersFrom, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const generateMetadata = titled("operator");

/** A call to the sandbox's operator API, or the code of its error. */
const orError = <T,>(promise: Promise<T>) => promise.catch((error: unknown) => ({ error: errorCodeOf(error) }));

/** The open tab's panel with what it shows, as the console's API routes answer it. */
async function panel(tab: ConsoleTab, params: Awaited<SearchParams>, db: Awaited<ReturnType<typeof pageContext>>["db"], sandbox: boolean) {
  switch (tab) {
    case "tenants":
      return <TenantsPanel tenants={await consoleTenants(db, originOf(await headers()))} />;
    case "users":
      return <UsersPanel users={await consoleUsers(db)} />;
    case "mail": {
      const asked = typeof params.mail === "string" && /^[0-9a-f-]{36}$/i.test(params.mail) ? params.mail : null;
      const [list, open] = await Promise.all([consoleMailList(db, Boolean(env().smtpUrl)), asked ? consoleMailDetail(db, asked) : null]);
      return <MailPanel list={list} open={open} />;
    }
    case "exchanges": {
      const filters = filtersFrom(params, listFilters.console);
      const query = consoleExchangeQuerySchema.safeParse({ ...filters, limit: String(PAGE_SIZE) });
      const [tenants, first] = await Promise.all([
        consoleTenants(db, originOf(await headers())),
        query.success ? consoleExchanges(db, query.data) : ({ data: [], next_cursor: null } satisfies ConsoleExchangePage),
      ]);
      return (
        <ExchangesPanel
          sandbox={sandbox}
          tenants={tenants}
          first={first}
          shownFor={filters}
          error={query.success ? null : "invalid_request"}
        />
      );
    }
    case "sandbox": {
      const simulator = consoleSimulator();
      const asked = typeof params.exchange === "string" ? params.exchange : null;
      const exchangeId = asked && /^[0-9a-f-]{36}$/i.test(asked) ? pathId("exchange", asked) : null;
      const deliveryFilters = filtersFrom(params, listFilters.deliveries);
      const [driven, clock, deliveries, clients] = await Promise.all([
        exchangeId ? orError(simulator.exchange(exchangeId)) : null,
        simulator.clock(0).then(
          (c) => c.now,
          () => null,
        ),
        orError(simulator.deliveries({ limit: "50", ...deliveryFilters })),
        simulator.clients().catch(() => null),
      ]);
      return <SimulatorPanel exchangeId={exchangeId} driven={driven} now={clock} deliveries={deliveries} clients={clients} />;
    }
  }
}

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { user, db } = await pageContext();
  if (user.role !== "operator") forbidden();
  const sandbox = env().sandboxEnabled;
  const params = await searchParams;
  const tab = consoleTabs.filter((id) => id !== "sandbox" || sandbox).find((id) => id === params.tab) ?? "tenants";
  return (
    <OperatorPage tab={tab} sandbox={sandbox}>
      {await panel(tab, params, db, sandbox)}
    </OperatorPage>
  );
}
