import type publicCatalogue from "@/messages/en.json";
import type { Locale } from "./config";

/** The public pages' catalogue (every language); the dashboard's own is not loaded here. */
type Catalogue = typeof publicCatalogue;

// Each language's catalogue as its own chunk, for client code that needs messages only once the
// user opens something (the invoice checker): nothing of it is in a page's first load.
const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import("@/messages/en.json"),
  de: () => import("@/messages/de.json"),
  fr: () => import("@/messages/fr.json"),
  it: () => import("@/messages/it.json"),
};

const loaded = new Map<Locale, Promise<Catalogue>>();

/** The catalogue of a language, fetched once per page. */
export function catalogue(locale: Locale): Promise<Catalogue> {
  let promise = loaded.get(locale);
  if (!promise) {
    promise = loaders[locale]().then((module) => module.default);
    loaded.set(locale, promise);
  }
  return promise;
}
