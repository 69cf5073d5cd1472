import { createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { MASK } from "./limits";

// Secrets recognised by what they look like, wherever they stand: a header's value, a query
// value, any string of a JSON body, text that is not JSON. Names alone miss a key sent under a
// name nobody listed (`{"note": "xprv9s21…"}`), so every text the log keeps is searched for:
// - BIP-32 extended private keys (xprv, tprv, yprv, zprv, uprv, vprv and their capitals);
// - WIF private keys (base58check with the version byte of a private key, 0x80 or 0xef);
// - BIP-39 mnemonics: a run of 12 or more words of the English list;
// - JSON Web Tokens (and JWE), this app's own credentials (API keys, operator keys, webhook
//   secrets) and the `sk_live_`/`sk_test_`/`rk_…` keys of payment providers.
// Each candidate a regular expression finds is checked before it is masked where a check
// exists (a WIF's checksum, a mnemonic's words), so ordinary text is left as it is.

const BASE58 = "1-9A-HJ-NP-Za-km-z";
const base58check = createBase58check(sha256);
const words = new Set(wordlist);

/** The shortest text any pattern below can find: a shorter one is left alone at no cost. */
const SHORTEST = 20;

const patterns: { find: RegExp; holds: (match: string) => boolean }[] = [
  { find: new RegExp(`\\b[xtyzuvYZUV]prv[${BASE58}]{100,112}`, "g"), holds: () => true },
  // 51 characters (uncompressed) or 52 (compressed), mainnet (5, K, L) or testnet (9, c)
  { find: new RegExp(`\\b[5KL9c][${BASE58}]{50,51}\\b`, "g"), holds: isWif },
  { find: /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)?/g, holds: () => true },
  {
    find: /\b(?:dk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{20,}|(?:sk|rk)_(?:live|test|op)_[A-Za-z0-9_-]{8,}|whsec_[A-Za-z0-9+/=_-]{16,})/g,
    holds: () => true,
  },
  { find: /\b[a-z]{3,8}(?:[ \t\r\n,;]+[a-z]{3,8}){11,}\b/g, holds: isMnemonicRun },
];

function isWif(candidate: string): boolean {
  try {
    const bytes = base58check.decode(candidate);
    const compressed = bytes.length === 34 && bytes[33] === 0x01;
    return (bytes[0] === 0x80 || bytes[0] === 0xef) && (bytes.length === 33 || compressed);
  } catch {
    return false;
  }
}

/** Whether a run of lower-case words holds 12 in a row that are all BIP-39 words. */
function isMnemonicRun(run: string): boolean {
  let inARow = 0;
  for (const word of run.split(/[ \t\r\n,;]+/)) {
    inARow = words.has(word) ? inARow + 1 : 0;
    if (inARow >= 12) return true;
  }
  return false;
}

/** The text with every secret it holds that the patterns recognise masked. */
export function maskPatterns(text: string): string {
  if (text.length < SHORTEST) return text;
  let out = text;
  for (const { find, holds } of patterns) {
    if (!find.test(out)) continue;
    find.lastIndex = 0;
    out = out.replace(find, (match) => (holds(match) ? MASK : match));
  }
  return out;
}
