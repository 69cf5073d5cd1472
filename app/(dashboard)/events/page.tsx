import { QueryProvider } from "@/lib/client/query-provider";
import { Suspense } from "react";
import { EventsPage } from "@/components/events/events-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("events");

export default function Page() {
  return (
    <QueryProvider>
      <Suspense>
        <EventsPage />
      </Suspense>
    </QueryProvider>
  );
}
