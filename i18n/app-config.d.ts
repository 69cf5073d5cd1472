import type en from "@/messages/en.json";
import type { Locale } from "./config";

// English is the reference catalogue: message keys and their arguments are checked against it.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
