import type en from "@/messages/en.json";
import type dashboard from "@/messages/dashboard/en.json";
import type { Locale } from "./config";

// English is the reference catalogue: message keys and their arguments are checked against it.
// The dashboard's catalogue and the public pages' are both in every language.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en & typeof dashboard;
  }
}
