import Link from "next/link";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

export default function Home() {
  const { sandboxEnabled, sandboxNetwork } = env();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 p-8">
      <h1 className="text-2xl font-semibold">Exchange dashboard</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        The dashboard pages arrive with the next releases. {sandboxEnabled ? `The embedded sandbox (${sandboxNetwork}) is running:` : "The sandbox is switched off."}
      </p>
      {sandboxEnabled && (
        <ul className="list-inside list-disc space-y-1 text-sm">
          <li>
            REST API v1 at <code className="rounded bg-zinc-200 px-1 dark:bg-zinc-800">/sandbox/v1</code>
          </li>
          <li>
            <Link className="text-blue-700 underline dark:text-blue-400" href="/sandbox/openapi.json">
              OpenAPI 3.1 document
            </Link>
          </li>
          <li>
            <Link className="text-blue-700 underline dark:text-blue-400" href="/sandbox/docs/errors">
              Error codes
            </Link>
          </li>
        </ul>
      )}
    </main>
  );
}
