import { QueryProvider } from "@/lib/client/query-provider";
import { OverviewPage } from "@/components/overview/overview-page";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("overview");

export default function Page() {
  return (
    <QueryProvider>
      <OverviewPage />
    </QueryProvider>
  );
}
