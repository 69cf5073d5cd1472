import type { Messages } from "use-intl";
import type { Locale } from "./config";

type Catalogue = Messages;

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
