import type { Locale } from "@/i18n/config";

// Formatting for people, at the edge only: amounts stay numbers until here. Each language
// formats in its own way (English as written in Europe: 23 Nov 2026, €1,234.56; German:
// 23.11.2026, 1.234,56 €).

const intlLocale: Record<Locale, string> = { en: "en-GB", de: "de-DE", fr: "fr-FR", it: "it-IT" };

export type Formatters = {
  locale: Locale;
  /** The BCP 47 tag the language formats with. */
  tag: string;
  fiat: (amount: number | null | undefined, currency: string) => string;
  sats: (sats: number) => string;
  btc: (btc: number | null | undefined) => string;
  percent: (fraction: number) => string;
  /** A share of counts (a success or error rate): one decimal at most, the percent sign as the language writes it. */
  share: (fraction: number) => string;
  dateTime: (iso: string | null | undefined) => string;
};

const cache = new Map<string, Formatters>();

/**
 * The formatters of a language (made once per language and zone). Dates and times are shown in
 * `timeZone`, the tenant's (the zone its lists' days are counted in), else where they are shown.
 */
export function formatters(locale: Locale, timeZone?: string): Formatters {
  const cached = cache.get(`${locale} ${timeZone ?? ""}`);
  if (cached) return cached;
  const tag = intlLocale[locale];
  const integer = new Intl.NumberFormat(tag);
  const bitcoin = new Intl.NumberFormat(tag, { minimumFractionDigits: 8, maximumFractionDigits: 8 });
  const percent = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
  const share = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "medium", timeZone });
  // one formatter per currency: tables format every row
  const money = new Map<string, Intl.NumberFormat>();
  const moneyIn = (currency: string) => {
    const code = currency.toUpperCase();
    let format = money.get(code);
    if (!format) money.set(code, (format = new Intl.NumberFormat(tag, { style: "currency", currency: code })));
    return format;
  };
  const made: Formatters = {
    locale,
    tag,
    fiat(amount: number | null | undefined, currency: string): string {
      if (amount === null || amount === undefined) return "—";
      return moneyIn(currency).format(amount);
    },
    sats: (sats: number) => `${integer.format(sats)} sat`,
    btc: (btc: number | null | undefined) => (btc === null || btc === undefined ? "—" : `${bitcoin.format(btc)} BTC`),
    percent: (fraction: number) => `${percent.format(fraction * 100)} %`,
    share: (fraction: number) => share.format(fraction),
    dateTime: (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : "—"),
  };
  cache.set(`${locale} ${timeZone ?? ""}`, made);
  return made;
}

export function btcToSats(btc: number): number {
  return Math.round(btc * 1e8);
}

export function shortId(id: string): string {
  return `${id.slice(0, 8)}…`;
}
