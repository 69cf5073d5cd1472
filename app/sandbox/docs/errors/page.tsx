import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { ErrorCodes } from "@/components/docs/error-codes";

export const dynamic = "force-dynamic";

export const metadata = { title: "Sandbox error codes" };

// The page behind the sandbox's documentation_uri.
export default function SandboxErrorCodesPage() {
  if (!env().sandboxEnabled) notFound();
  return <ErrorCodes sandbox />;
}
