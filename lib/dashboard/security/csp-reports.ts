import "server-only";
import { cspReportUriBodySchema, reportingApiBodySchema, type CspViolation } from "@/lib/dashboard/contract/csp-reports-api";
import { ApiError, parseOrThrow } from "@/lib/errors";
import { readCapped } from "@/lib/http/read-body";
import { requireStorableJson } from "@/lib/http/storable-text";
import { parseClientJson } from "@/lib/http/json-text";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { logger } from "@/lib/log";

const log = logger("csp");

/** Reports are small; a browser batches a few. */
const REPORT_BODY_LIMIT = 32 * 1024;
/** At most this many violations of one body are logged. */
const LOGGED_PER_BODY = 10;
const DIRECTIVES = new Set([
  "script-src",
  "script-src-elem",
  "script-src-attr",
  "style-src",
  "style-src-elem",
  "style-src-attr",
  "img-src",
  "font-src",
  "connect-src",
  "default-src",
  "object-src",
  "base-uri",
  "form-action",
  "frame-ancestors",
  "frame-src",
  "worker-src",
  "manifest-src",
  "media-src",
  "child-src",
  "trusted-types",
  "require-trusted-types-for",
]);

/** What of an address reaches a log: its origin and path, never its query (a payout link's token hides in paths too: cut). */
function place(address: string | undefined): string {
  if (!address) return "";
  if (!/^[a-z][a-z0-9+.-]*:/i.test(address)) return address.slice(0, 40); // "inline", "eval", "self"
  try {
    const url = new URL(address);
    const path = url.pathname.replace(/^\/pay\/[^/]+/, "/pay/…");
    return `${url.origin}${path}`.slice(0, 200);
  } catch {
    return address.slice(0, 40);
  }
}

/** The violations in a report body of either format. */
function violationsOf(contentType: string, json: unknown): CspViolation[] {
  if (/^application\/reports\+json/i.test(contentType)) {
    return parseOrThrow(reportingApiBodySchema, json).map((r) => ({
      document: place(r.body?.documentURL ?? r.url),
      blocked: place(r.body?.blockedURL),
      directive: r.type === "csp-violation" ? (r.body?.effectiveDirective ?? "") : "other",
      disposition: r.body?.disposition ?? "",
      source: place(r.body?.sourceFile),
    }));
  }
  const report = parseOrThrow(cspReportUriBodySchema, json)["csp-report"];
  return [
    {
      document: place(report["document-uri"]),
      blocked: place(report["blocked-uri"]),
      directive: report["effective-directive"] ?? report["violated-directive"]?.split(" ")[0] ?? "",
      disposition: report.disposition ?? "",
      source: place(report["source-file"]),
    },
  ];
}

/**
 * POST /api/csp-reports: logs each violation as one line (where, what, which directive) and
 * counts it by directive. Answers 204, as browsers expect; their reports are never retried.
 */
export async function receiveCspReports(req: Request): Promise<number> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^application\/(csp-report|reports\+json|json)\s*(;|$)/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", "Send application/reports+json or application/csp-report");
  }
  const json = parseClientJson((await readCapped(req, REPORT_BODY_LIMIT)).toString("utf8"));
  requireStorableJson(json);
  const violations = violationsOf(contentType, json);
  const { metrics } = serverRuntime();
  for (const v of violations) metrics.cspViolations.inc({ directive: DIRECTIVES.has(v.directive) ? v.directive : "other" });
  for (const v of violations.slice(0, LOGGED_PER_BODY)) log.warn({ csp: v }, "a browser reported a Content-Security-Policy violation");
  return violations.length;
}
