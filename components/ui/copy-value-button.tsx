"use client";
import { useTranslations } from "next-intl";
import { CopyButton } from "./copy-button";

/** The dashboard's copy button: CopyButton with the catalogue's words unless told others. */
export function CopyValueButton({ value, label, name }: { value: string; label?: string; name?: string }) {
  const t = useTranslations("common");
  const idle = label ?? t("copy");
  return <CopyButton value={value} label={idle} copiedLabel={t("copied")} name={name ?? t("copyValue", { label: idle, value })} />;
}
