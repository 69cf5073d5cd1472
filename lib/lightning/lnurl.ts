import { bech32 } from "@scure/base";

// LUD-01: an LNURL is the bech32 encoding (prefix "lnurl", no length limit) of a URL.

export function encodeLnurl(url: string): string {
  return bech32.encode("lnurl", bech32.toWords(new TextEncoder().encode(url)), false).toUpperCase();
}

export function decodeLnurl(lnurl: string): string {
  const text = lnurl
    .trim()
    .replace(/^lightning:/i, "")
    .toLowerCase();
  const { prefix, words } = bech32.decode(text as `${string}1${string}`, false);
  if (prefix !== "lnurl") throw new Error("Not an LNURL");
  return new TextDecoder().decode(bech32.fromWords(words));
}
