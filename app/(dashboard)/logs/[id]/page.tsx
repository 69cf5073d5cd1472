import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/app-link";
import { LogDetail } from "@/components/request-log/log-detail";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { ApiError } from "@/lib/errors";
import { requestLogDetail } from "@/lib/dashboard/request-log/list-logs";
import { operatorViewer, tenantViewer } from "@/lib/dashboard/request-log/viewer";
import { everyClient } from "@/lib/dashboard/request-log/page-query";
import { filtersFrom, type SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("logs");

/**
 * One logged call, as GET /api/request-logs/{id} answers it (viewers without the bodies; an
 * operator's `?scope=all`: any client's sandbox call); 404 for another's or none.
 */
export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { user, tenant, db } = await pageContext();
  const all = everyClient(filtersFrom(await searchParams, ["scope"]), user.role);
  const t = await getTranslations("logs.detail");
  const { id } = await params;
  if (!/^[1-9]\d{0,15}$/.test(id)) notFound();
  const call = await requestLogDetail(db, all ? operatorViewer(null) : tenantViewer(tenant, user.role), Number(id)).catch(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === "not_found") notFound();
      throw error;
    },
  );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Link href={all ? "/logs?scope=all" : "/logs"} className="text-sm text-orange-700 hover:underline dark:text-orange-400">
        ← {t("back")}
      </Link>
      <LogDetail call={call} />
    </div>
  );
}
