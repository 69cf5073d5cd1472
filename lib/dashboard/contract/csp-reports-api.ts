import * as z from "zod/mini";

// POST /api/csp-reports: what browsers send when the pages' Content-Security-Policy blocks
// something. Two formats: the Reporting API's (report-to, `application/reports+json`: a list of
// reports of type "csp-violation") and the older report-uri's (`application/csp-report`: one
// {"csp-report": …}). Fields a browser may add are kept out; every field is optional, as browsers
// differ in what they fill in.

const text = z.optional(z.string().check(z.maxLength(4096)));
const int = z.optional(z.number());

/** A Reporting API report: only csp-violation reports are read, others are counted as "other". */
export const reportingApiReportSchema = z.object({
  type: z.string().check(z.maxLength(100)),
  url: text,
  body: z.optional(
    z.object({
      documentURL: text,
      blockedURL: text,
      effectiveDirective: text,
      disposition: text,
      sourceFile: text,
      lineNumber: int,
      sample: text,
    }),
  ),
});
export const reportingApiBodySchema = z.array(reportingApiReportSchema).check(z.maxLength(100));

export const cspReportUriBodySchema = z.object({
  "csp-report": z.object({
    "document-uri": text,
    "blocked-uri": text,
    "effective-directive": text,
    "violated-directive": text,
    disposition: text,
    "source-file": text,
    "line-number": int,
    "script-sample": text,
  }),
});

/** One violation, whichever format it came in. */
export type CspViolation = { document: string; blocked: string; directive: string; disposition: string; source: string };
