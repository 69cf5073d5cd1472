import { mod97 } from "./iban";

// ISO 11649 structured creditor reference: "RF", two check digits, up to 21 alphanumerics.

export function creditorReference(body: string): string {
  const ref = body.toUpperCase();
  if (!/^[A-Z0-9]{1,21}$/.test(ref)) throw new Error("reference body must be 1-21 alphanumerics");
  const check = 98 - mod97(`${ref}RF00`);
  return `RF${String(check).padStart(2, "0")}${ref}`;
}

export function isCreditorReference(text: string): boolean {
  const ref = text.replace(/\s+/g, "").toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return false;
  return mod97(ref.slice(4) + ref.slice(0, 4)) === 1;
}
