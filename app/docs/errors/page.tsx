import { ErrorCodes } from "@/components/docs/error-codes";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

export const metadata = { title: "Error codes" };

// The page behind the dashboard API's documentation_uri.
export default function ErrorCodesPage() {
  return <ErrorCodes sandbox={env().sandboxEnabled} />;
}
