"use client";
import { useTranslations } from "next-intl";
import { failureOf, spanOfMs, type ForwardingFailure } from "@/lib/dashboard/forwarding/failure";

/**
 * Says a forwarding failure's sentence (an attempt's error, a delivery's last error, an endpoint's
 * reason for being disabled) in the reader's language; a sentence it does not know, as it is.
 */
export function useFailureText(): (text: string | null | undefined) => string {
  const t = useTranslations("settings.forwarding.failure");
  const say = (failure: ForwardingFailure | string): string => {
    if (typeof failure === "string") return failure;
    switch (failure.code) {
      case "http_status":
        return t("http_status", { status: failure.status });
      case "unreachable":
        if (failure.errno) return t("unreachableCode", { host: failure.host, errno: failure.errno });
        return t("unreachable", { host: failure.host });
      case "not_public":
        return t("not_public", { host: failure.host });
      case "timeout":
        return t("timeout", { seconds: failure.seconds });
      case "redirected":
        return failure.location ? t("redirected", { location: failure.location }) : t("redirectedNowhere");
      case "endpoint_deleted":
        return t("endpoint_deleted");
      case "endpoint_disabled":
        return failure.reason === null ? t("endpoint_disabled") : t("endpoint_disabled_because", { reason: say(failure.reason) });
      case "event_gone":
        return t("event_gone");
      case "failing_too_long": {
        const last = say(failure.last);
        const span = spanOfMs(failure.ms);
        return "days" in span
          ? t("failing_too_long_days", { days: span.days, last })
          : t("failing_too_long_seconds", { seconds: span.seconds, last });
      }
    }
  };
  return (text) => (text ? say(failureOf(text) ?? text) : "");
}
