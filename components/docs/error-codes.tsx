import { errorDescriptions, withoutSandbox } from "@/lib/error-docs";
import { errorStatus } from "@/lib/errors";

/**
 * The reference of every error code: the page behind each error body's documentation_uri. Where
 * the sandbox is off, it speaks only of what a production dashboard answers.
 */
export function ErrorCodes({ sandbox }: { sandbox: boolean }) {
  const entries = Object.entries(errorDescriptions).flatMap(([code, text]) => {
    if (sandbox || !(code in withoutSandbox)) return [[code, text] as const];
    const instead = withoutSandbox[code as keyof typeof withoutSandbox];
    return instead ? [[code, instead] as const] : [];
  });
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-8">
      <h1 className="mb-2 text-2xl font-semibold">Error codes</h1>
      <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">
        Every error is answered as <code>{"{ error, documentation_uri, details? }"}</code>; <code>details</code> lists the offending fields
        of an <code>invalid_request</code>.
      </p>
      <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {entries.map(([code, text]) => (
          <div
            key={code}
            id={code}
            className={
              "grid scroll-mt-4 grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-2 py-3 target:bg-amber-50 " +
              "sm:grid-cols-[16rem_3rem_1fr] dark:target:bg-amber-950"
            }
          >
            <dt className="font-mono text-sm font-medium wrap-anywhere">{code}</dt>
            <dd className="font-mono text-sm text-zinc-500 dark:text-zinc-400">{errorStatus[code as keyof typeof errorStatus]}</dd>
            <dd className="col-span-2 text-sm sm:col-span-1">{text}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
