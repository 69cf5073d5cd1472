"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export function PrintButton() {
  const t = useTranslations("reports.statement");
  return (
    <Button type="button" variant="secondary" onClick={() => window.print()}>
      {t("print")}
    </Button>
  );
}
