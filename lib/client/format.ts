// Formatting for people, at the edge only: amounts stay numbers until here.

export function formatFiat(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return "—";
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(amount);
}

export function btcToSats(btc: number): number {
  return Math.round(btc * 1e8);
}

export function formatSats(sats: number): string {
  return `${new Intl.NumberFormat("en-GB").format(sats)} sat`;
}

export function formatBtc(btc: number | null | undefined): string {
  if (btc === null || btc === undefined) return "—";
  return `${btc.toFixed(8)} BTC`;
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toLocaleString("en-GB", { maximumFractionDigits: 3 })} %`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}

export function shortId(id: string): string {
  return `${id.slice(0, 8)}…`;
}
