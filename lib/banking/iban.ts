// ISO 13616 IBAN: country code, two check digits (mod 97 = 1), and a BBAN of a length
// fixed per country (SWIFT IBAN registry).
const lengths: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

export type IbanCheck = { valid: true; iban: string; country: string } | { valid: false; reason: string };

/** Remainder mod 97 of the ISO 7064 numeric form (letters A=10 … Z=35). */
export function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Electronic form: spaces removed, upper case. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}

export function checkIban(input: string): IbanCheck {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { valid: false, reason: "An IBAN starts with a country code and two check digits" };
  const country = iban.slice(0, 2);
  const expected = lengths[country];
  if (!expected) return { valid: false, reason: `Unknown IBAN country ${country}` };
  if (iban.length !== expected) return { valid: false, reason: `A ${country} IBAN has ${expected} characters, not ${iban.length}` };
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) return { valid: false, reason: "The IBAN check digits do not match" };
  return { valid: true, iban, country };
}

/** Print form: groups of four. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}
