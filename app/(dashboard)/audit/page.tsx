import { forbidden } from "next/navigation";
import { AuditPage } from "@/components/audit/audit-page";
import { titled } from "@/i18n/page-title";
import { listAudit } from "@/lib/dashboard/audit/list-audit";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { auditQuerySchema, type AuditPage as AuditEntries } from "@/lib/dashboard/contract/dashboard-api";
import { filtersFrom, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("audit");

/** The first 50 entries, as GET /api/audit answers them for the same filters (operators: every tenant's). */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { user, tenant, db } = await pageContext();
  if (user.role === "viewer") forbidden();
  const filters = filtersFrom(await searchParams, listFilters.audit);
  const query = auditQuerySchema.safeParse({ ...filters, limit: "50" });
  const first: AuditEntries = query.success
    ? await listAudit(db, user.role === "operator" ? null : tenant.id, query.data, tenant.timeZone)
    : { data: [], next_before: null, total: null };
  return <AuditPage first={first} shownFor={filters} error={query.success ? null : "invalid_request"} />;
}
