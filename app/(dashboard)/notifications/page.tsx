import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { listNotifications } from "@/lib/dashboard/notifications/inbox";
import { preferencesOf } from "@/lib/dashboard/notifications/preferences";
import type { SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("notifications");

/** The signed-in user's notifications (as GET /api/notifications answers) and their choices per category. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { user, db } = await pageContext();
  const unreadOnly = (await searchParams).unread === "1";
  const [first, preferences] = await Promise.all([
    listNotifications(db, user.id, { limit: 50, unread: unreadOnly ? "1" : undefined }),
    preferencesOf(db, user.id),
  ]);
  // a new notification or the unread filter: the list starts again from the server's
  return <NotificationsPage key={`${unreadOnly}`} first={first} preferences={preferences} unreadOnly={unreadOnly} />;
}
