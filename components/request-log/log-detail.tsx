"use client";
import { Link } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { MASK, type RequestLogDetail } from "@/lib/dashboard/contract/request-logs-api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { shortId } from "@/lib/dashboard/client/format";
import { asCurl } from "@/lib/dashboard/request-log/as-curl";
import { StatusBadge } from "./status-badge";

/** A body as sent: JSON indented, anything else as it is. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Headers({ title, headers }: { title: string; headers: Record<string, string> }) {
  const t = useTranslations("logs.detail");
  const entries = Object.entries(headers);
  return (
    <section className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-medium">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-xs text-zinc-500">—</p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-3 font-mono text-xs sm:grid-cols-[max-content_1fr]">
          {entries.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-zinc-600 dark:text-zinc-400">{name}</dt>
              <dd className="mb-1 wrap-anywhere sm:mb-0">
                {value === MASK ? <span className="font-sans text-zinc-600 italic dark:text-zinc-400">{t("masked")}</span> : value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function Body({ title, label, body, cut, hidden }: { title: string; label: string; body: string | null; cut: boolean; hidden: boolean }) {
  const t = useTranslations("logs.detail");
  return (
    <section className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-medium">{title}</h3>
      {hidden ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("bodiesHidden")}</p>
      ) : body === null || body === "" ? (
        <p className="text-xs text-zinc-500">{t("noBody")}</p>
      ) : (
        <>
          {/* scrolls when long: reachable by keyboard */}
          <pre
            tabIndex={0}
            role="region"
            aria-label={label}
            className={
              // a long value (an invoice, a hash) wraps: on a phone the box scrolls down, never sideways
              "max-h-[28rem] overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere dark:bg-zinc-900"
            }
          >
            {pretty(body)}
          </pre>
          {body.includes(MASK) && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("maskedNote")}</p>}
          {cut && <p className="text-xs text-amber-800 dark:text-amber-300">{t("cut")}</p>}
        </>
      )}
    </section>
  );
}

/** One logged call: what was asked and answered, its timing and ids, what it concerned, and a curl to send it again. */
export function LogDetail({ call }: { call: RequestLogDetail }) {
  const t = useTranslations("logs.detail");
  const tl = useTranslations("logs");
  const f = useFormat();
  // the address of an integration's call is this page's origin, known in the browser (the curl is only copied there, never rendered)
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const facts: [string, React.ReactNode][] = [
    [t("time"), f.dateTime(call.created_at)],
    [t("duration"), tl("duration", { ms: call.duration_ms })],
    [t("source"), tl(`filters.sources.${call.source}`)],
    [t("errorCode"), call.error_code ? <code>{call.error_code}</code> : "—"],
    [t("requestId"), call.request_id ? <code className="inline-block max-w-full wrap-id">{call.request_id}</code> : "—"],
    [t("correlationId"), call.correlation_id ? <code className="inline-block max-w-full wrap-id">{call.correlation_id}</code> : "—"],
    [t("userAgent"), call.user_agent ?? "—"],
    [t("sourceAddress"), call.source_address ?? "—"],
  ];
  if (call.source === "dashboard") {
    facts.push([
      t("cause"),
      call.dashboard_request_id ? <code className="inline-block max-w-full wrap-id">{call.dashboard_request_id}</code> : t("background"),
    ]);
    if (call.user_id) facts.push([t("member"), <code key="m">{shortId(call.user_id)}</code>]);
    if (call.api_key_id) facts.push([t("apiKey"), <code key="k">{shortId(call.api_key_id)}</code>]);
  }
  const related = [
    call.exchange_id && (
      <Link key="e" href={`/exchanges/${call.exchange_id}`} className="text-orange-700 hover:underline dark:text-orange-400">
        {t("exchange", { id: shortId(call.exchange_id) })}
      </Link>
    ),
    call.order_id && (
      <Link key="o" href={`/orders/${call.order_id}`} className="text-orange-700 hover:underline dark:text-orange-400">
        {t("order", { id: shortId(call.order_id) })}
      </Link>
    ),
  ].filter(Boolean);
  const curl = asCurl(call, call.bodies_hidden ? null : call.request_body, origin, t("curlLeftOut"));
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <StatusBadge status={call.status} />
        <h1 className="min-w-0 font-mono text-lg font-semibold wrap-id">
          {call.method} {call.path}
          {call.query ? `?${call.query}` : ""}
        </h1>
      </div>
      <Card>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([name, value]) => (
            <div key={name} className="min-w-0">
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{name}</dt>
              <dd className="wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        {related.length > 0 && (
          <p className="mt-3 flex flex-wrap gap-3 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">{t("related")}</span>
            {related}
          </p>
        )}
      </Card>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton value={curl} label={t("copyCurl")} copiedLabel={t("copied")} name={t("copyCurl")} />
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("curlNote")}</span>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2">
        {(["request", "response"] as const).map((side) => (
          <Card key={side}>
            <h2 className="mb-2 font-semibold">{t(side)}</h2>
            <div className="flex flex-col gap-3">
              <Headers title={t("headers")} headers={call[`${side}_headers`]} />
              <Body
                title={t("body")}
                label={`${t(side)} · ${t("body")}`}
                body={call[`${side}_body`]}
                cut={call[`${side}_body_cut`]}
                hidden={call.bodies_hidden}
              />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}
