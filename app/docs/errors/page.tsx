import { ErrorCodes } from "@/components/docs/error-codes";

export const metadata = { title: "Error codes" };

// The page behind the dashboard API's documentation_uri.
export default function ErrorCodesPage() {
  return <ErrorCodes />;
}
