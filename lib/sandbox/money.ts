// Money inside the sandbox: satoshis for btc, minor units (cents) for fiat, as integers.
// Decimals appear only on the wire.

export const SATS_PER_BTC = 100_000_000;

export function satsToBtc(sats: number): number {
  return Number((sats / SATS_PER_BTC).toFixed(8));
}

export function minorToDecimal(minor: number): number {
  return Number((minor / 100).toFixed(2));
}

/** Fiat decimal with at most two places → minor units; null when it has more places. */
export function decimalToMinor(value: number): number | null {
  const minor = Math.round(value * 100);
  return Math.abs(minor - value * 100) < 1e-6 ? minor : null;
}

/** fee_rate fraction → units of 1e-8 (exact for up to 8 decimal places). */
export function feeRateUnits(feeRate: string): bigint {
  return BigInt(Math.round(Number(feeRate) * 1e8));
}

export type Pricing = { feeMinor: number; amountSats: number; rateMinor: number };

/** docs/exchange-api.md#exchanges: fee = round2(cost × fee_rate), amount = floor8((cost − fee) / rate). */
export function price(costMinor: number, feeRate: string, rateMinor: number): Pricing {
  const cost = BigInt(costMinor);
  const units = feeRateUnits(feeRate);
  // round half up of cost × rate / 1e8
  const feeMinor = (cost * units * 2n + 100_000_000n) / 200_000_000n;
  const amountSats = ((cost - feeMinor) * BigInt(SATS_PER_BTC)) / BigInt(rateMinor);
  return { feeMinor: Number(feeMinor), amountSats: Number(amountSats), rateMinor };
}

/** Canonical text of a fee rate (e.g. 0.03 → "0.03"). */
export function feeRateText(value: number): string {
  return String(Number(value.toFixed(8)));
}
