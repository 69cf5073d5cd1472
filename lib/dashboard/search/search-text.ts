// What the header's search makes of a short text: the first hex digits of an id (as the tables
// show them, "674fc2b6…") or an amount as people write it ("60 EUR", "€ 60,00", "1'250.50 CHF",
// "0.0012 BTC", "120000 sats"). Pure functions, so that every spelling is tested on its own.

export type SearchAmount = {
  /** The amount as a plain decimal ("60.00", "0.0012"): compared as a number, so 60 finds 60.00. */
  value: string;
  /** Named with the amount, if it was: a fiat currency means the exchange's cost, BTC its bitcoin. */
  currency: "EUR" | "CHF" | "GBP" | "BTC" | null;
};

const CURRENCIES: Record<string, SearchAmount["currency"] | "SATS"> = {
  EUR: "EUR",
  "€": "EUR",
  CHF: "CHF",
  GBP: "GBP",
  "£": "GBP",
  BTC: "BTC",
  "₿": "BTC",
  SAT: "SATS",
  SATS: "SATS",
};
const AMOUNT = /^([A-Z€£₿]{0,4})\s*([\d][\d.,' \u00a0\u202f]*)\s*([A-Z€£₿]{0,4})$/;

/** The amount a text names, or null when it is not one. */
export function parseAmount(text: string): SearchAmount | null {
  const match = AMOUNT.exec(text.trim().toUpperCase());
  if (!match || text.length > 40) return null;
  const [, before = "", digits = "", after = ""] = match;
  if (before && after) return null;
  const named = before || after;
  const unit = named ? CURRENCIES[named] : null;
  if (unit === undefined) return null;
  const number = normalizeNumber(digits.replace(/[' \u00a0\u202f]/g, ""));
  if (number === null || Number(number) <= 0) return null;
  if (unit === "SATS") {
    if (number.includes(".")) return null;
    const sats = number.padStart(9, "0");
    return { value: `${sats.slice(0, -8)}.${sats.slice(-8)}`.replace(/^0+(?=\d)/, ""), currency: "BTC" };
  }
  return { value: number, currency: unit };
}

/** "1.234,56" and "1,234.56" → "1234.56"; one separator alone is the decimal one ("60,00" → "60.00"). */
function normalizeNumber(text: string): string | null {
  const dots = text.split(".").length - 1;
  const commas = text.split(",").length - 1;
  let plain: string;
  if (dots && commas) {
    const decimal = text.lastIndexOf(".") > text.lastIndexOf(",") ? "." : ",";
    const grouping = decimal === "." ? "," : ".";
    if (text.split(decimal).length - 1 > 1) return null;
    plain = text.replaceAll(grouping, "").replace(decimal, ".");
  } else if (dots > 1 || commas > 1) {
    plain = text.replace(/[.,]/g, "");
  } else {
    plain = text.replace(",", ".");
  }
  return /^\d{1,15}(\.\d{1,8})?$/.test(plain) ? plain : null;
}

const UUID_SHAPE = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";
const asUuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The range of ids a prefix of 6 or more hex digits names (with or without its dashes, with the
 * tables' trailing "…"), as the first and last id that start with it; null when it is not one.
 */
export function idPrefixRange(text: string): [string, string] | null {
  const prefix = text
    .trim()
    .toLowerCase()
    .replace(/(…|\.\.\.)$/, "");
  if (!/^[0-9a-f-]+$/.test(prefix) || prefix.length >= UUID_SHAPE.length) return null;
  const hex = prefix.replaceAll("-", "");
  if (hex.length < 6) return null;
  // dashes only where an id has them
  if (prefix.includes("-") && asUuid(hex.padEnd(32, "0")).slice(0, prefix.length) !== prefix) return null;
  return [asUuid(hex.padEnd(32, "0")), asUuid(hex.padEnd(32, "f"))];
}
