// Why a forwarded webhook was not delivered, as a code with its figures. The API and the database
// keep the English sentence that failureText makes of it (an attempt's `error`, a delivery's
// `last_error`, an endpoint's `disabled_reason`); the settings page reads the sentence back with
// failureOf, which knows every sentence failureText writes, and says it in the reader's language
// (components/settings/forwarding-failure.tsx). A sentence it does not know (another cause of a
// failed job) is shown as it is. Neither side imports anything of the server: the page bundles this.

export type ForwardingFailure =
  | { code: "http_status"; status: number }
  | { code: "unreachable"; host: string; errno: string | null }
  | { code: "not_public"; host: string }
  | { code: "timeout"; seconds: number }
  | { code: "redirected"; location: string | null }
  | { code: "endpoint_deleted" }
  | { code: "endpoint_disabled"; reason: ForwardingFailure | string | null }
  | { code: "event_gone" }
  | { code: "failing_too_long"; ms: number; last: ForwardingFailure | string };

const DAY_MS = 86_400_000;

/** A span as the sentences say it, in English and in the page's language: whole days, else seconds. */
export function spanOfMs(ms: number): { days: number } | { seconds: number } {
  const days = ms / DAY_MS;
  return days >= 1 && Number.isInteger(days) ? { days } : { seconds: Math.round(ms / 1000) };
}

function spanText(ms: number): string {
  const span = spanOfMs(ms);
  return "days" in span ? `${span.days} day${span.days === 1 ? "" : "s"}` : `${span.seconds} s`;
}

function spanOf(text: string): number | null {
  const days = /^(\d+) days?$/.exec(text);
  if (days) return Number(days[1]) * DAY_MS;
  const seconds = /^(\d+) s$/.exec(text);
  return seconds ? Number(seconds[1]) * 1000 : null;
}

const inner = (reason: ForwardingFailure | string) => (typeof reason === "string" ? reason : failureText(reason));

/** The English sentence of a failure, as the API and the database keep it. */
export function failureText(failure: ForwardingFailure): string {
  switch (failure.code) {
    case "http_status":
      return `HTTP ${failure.status}`;
    case "unreachable":
      return `${failure.host} could not be reached${failure.errno ? ` (${failure.errno})` : ""}`;
    case "not_public":
      return `${failure.host} resolved to an address that is not public; not sent`;
    case "timeout":
      return `no answer within ${failure.seconds} s`;
    case "redirected":
      return `redirected to ${failure.location ?? "(no location)"}; redirects are not followed`;
    case "endpoint_deleted":
      return "the endpoint was deleted";
    case "endpoint_disabled":
      return failure.reason === null ? "the endpoint is disabled" : `the endpoint was disabled: ${inner(failure.reason)}`;
    case "event_gone":
      return "the event is no longer stored";
    case "failing_too_long":
      return `every attempt failed for ${spanText(failure.ms)}; the last: ${inner(failure.last)}`;
  }
}

/** A nested sentence: its failure when known, else the sentence itself. */
const nested = (text: string): ForwardingFailure | string => failureOf(text) ?? text;

/** The failure a sentence of failureText says, or null for any other text. */
export function failureOf(text: string | null | undefined): ForwardingFailure | null {
  if (!text) return null;
  let match: RegExpExecArray | null;
  if ((match = /^HTTP (\d{3})$/.exec(text))) return { code: "http_status", status: Number(match[1]) };
  if ((match = /^every attempt failed for ([^;]+); the last: (.+)$/s.exec(text))) {
    const ms = spanOf(match[1] ?? "");
    return ms === null ? null : { code: "failing_too_long", ms, last: nested(match[2] ?? "") };
  }
  if ((match = /^the endpoint was disabled: (.+)$/s.exec(text))) return { code: "endpoint_disabled", reason: nested(match[1] ?? "") };
  if (text === "the endpoint is disabled") return { code: "endpoint_disabled", reason: null };
  if (text === "the endpoint was deleted") return { code: "endpoint_deleted" };
  if (text === "the event is no longer stored") return { code: "event_gone" };
  if ((match = /^no answer within (\d+(?:\.\d+)?) s$/.exec(text))) return { code: "timeout", seconds: Number(match[1]) };
  if ((match = /^redirected to (.*); redirects are not followed$/s.exec(text))) {
    return { code: "redirected", location: match[1] === "(no location)" ? null : (match[1] ?? null) };
  }
  if ((match = /^(\S+) resolved to an address that is not public; not sent$/.exec(text))) {
    return { code: "not_public", host: match[1] ?? "" };
  }
  if ((match = /^(\S+) could not be reached(?: \(([A-Z0-9_]+)\))?$/.exec(text))) {
    return { code: "unreachable", host: match[1] ?? "", errno: match[2] ?? null };
  }
  return null;
}
