"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/dashboard/client/use-format";

/** An error group's first and last call, written as every other time of the dashboard is (the reader's zone and locale). */
export function SeenRange({ first, last }: { first: string; last: string }) {
  const t = useTranslations("logs.errors");
  const f = useFormat();
  return <>{t("seen", { first: f.dateTime(first), last: f.dateTime(last) })}</>;
}
