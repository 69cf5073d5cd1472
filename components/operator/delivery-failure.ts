"use client";
import { useTranslations } from "next-intl";
import { deliveryFailureOf } from "@/lib/service-api/delivery-failure";

/**
 * Says why a sandbox webhook delivery's attempt failed (an attempt's error, a delivery's last
 * error) in the reader's language, from its kind (lib/service-api/delivery-failure.ts); a sentence
 * it does not know, as it is.
 */
export function useDeliveryFailureText(): (text: string | null | undefined) => string {
  const t = useTranslations("operator.deliveries.failure");
  return (text) => {
    const failure = deliveryFailureOf(text);
    if (!failure) return text ?? "";
    switch (failure.code) {
      case "timeout":
        return t("timeout", { seconds: failure.seconds });
      case "unreachable":
        return failure.errno ? t("unreachableCode", { errno: failure.errno }) : t("unreachable");
      case "endpoint_removed":
        return t("endpoint_removed");
      case "http_status":
        return t("http_status", { status: failure.status });
    }
  };
}
