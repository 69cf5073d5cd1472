import { Suspense } from "react";
import { EventsPage } from "@/components/events/events-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("events");

export default function Page() {
  return (
    <Suspense>
      <EventsPage />
    </Suspense>
  );
}
