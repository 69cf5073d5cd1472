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

/**
 * LUD-17: the same URL under the scheme that names what it is, for wallets that register it
 * (`lnurlw://` a withdrawal, `lnurlc://` a channel). The wallet puts https back (http for .onion).
 */
export function lud17Link(lnurl: string, kind: "withdraw" | "channel"): string {
  const url = decodeLnurl(lnurl);
  return url.replace(/^https?:\/\//, kind === "withdraw" ? "lnurlw://" : "lnurlc://");
}

/**
 * LUD-01's fallback form: a web page's URL that carries the LNURL in `lightning=`. A phone's
 * camera opens the page; a wallet that scans it reads the LNURL from the parameter.
 */
export function lud01Fallback(pageUrl: string, lnurl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set("lightning", lnurl.toUpperCase());
  return url.toString();
}
