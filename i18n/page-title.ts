import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type dashboard from "@/messages/dashboard/en.json";

/** A dashboard page's `generateMetadata`: its title in the page's language. */
export function titled(key: keyof typeof dashboard.titles) {
  return async (): Promise<Metadata> => ({ title: (await getTranslations("titles"))(key) });
}
