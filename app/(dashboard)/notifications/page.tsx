import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { notificationQuerySchema, type NotificationList } from "@/lib/dashboard/contract/notifications-api";
import { listNotifications } from "@/lib/dashboard/notifications/inbox";
import { preferencesOf } from "@/lib/dashboard/notifications/preferences";
import { filtersFrom, firstPage, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("notifications");

const empty: NotificationList = { data: [], unread: 0, has_more: false, next_cursor: null, total: 0, total_exact: true };

/** The signed-in user's notifications (as GET /api/notifications answers for the same filters) and their choices per category. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { user, tenant, db } = await pageContext();
  const filters = filtersFrom(await searchParams, listFilters.notifications);
  const query = notificationQuerySchema.safeParse({ ...filters, limit: "50" });
  const [{ first, error }, preferences] = await Promise.all([
    firstPage(query.success ? () => listNotifications(db, { id: user.id, timeZone: tenant.timeZone }, query.data) : query.error, empty),
    preferencesOf(db, user.id),
  ]);
  // a new notification or other filters: the list starts again from the server's
  return (
    <NotificationsPage
      key={new URLSearchParams(filters).toString()}
      first={first}
      preferences={preferences}
      filters={filters}
      error={error}
    />
  );
}
