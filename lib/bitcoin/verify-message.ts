import bitcoinMessage from "bitcoinjs-message";
import { Verifier } from "bip322-js";
import type { AddressType } from "./address";

export type MessageScheme = "bip137" | "electrum" | "bip322";

export type MessageVerification = { valid: true; scheme: MessageScheme } | { valid: false; reason: string };

const BITCOIN_PREFIX = "\u0018Bitcoin Signed Message:\n";

function decodeBase64(signature: string): Buffer | null {
  const trimmed = signature.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) return null;
  return Buffer.from(trimmed, "base64");
}

/** 65-byte compact signatures: BIP-137 headers, or Electrum's P2PKH header on segwit addresses. */
function verifyCompact(address: string, type: AddressType, message: string, sig: Buffer): MessageVerification {
  const header = sig[0] ?? 0;
  if (header < 27 || header > 42) return { valid: false, reason: "The signature's header byte is not a BIP-137 header" };
  if (type === "p2tr" || type === "p2wsh") {
    return { valid: false, reason: "Taproot and P2WSH addresses need a BIP-322 signature" };
  }
  const segwit = type === "p2wpkh" || type === "p2sh";
  const compressed = header >= 31;
  const legacyHeader = header < 35;
  try {
    const ok = bitcoinMessage.verify(message, address, sig, BITCOIN_PREFIX, segwit && compressed && legacyHeader);
    if (ok) return { valid: true, scheme: segwit && legacyHeader ? "electrum" : "bip137" };
    return { valid: false, reason: "The signature was not made by this address's key for this message" };
  } catch {
    return { valid: false, reason: "The signature does not match this address type" };
  }
}

/**
 * Verifies a signed message for an address: BIP-137 and Electrum-style compact
 * signatures (P2PKH, P2SH-P2WPKH, P2WPKH) and BIP-322 simple (P2WPKH, P2SH-P2WPKH, P2TR).
 */
export function verifyMessage(address: string, type: AddressType, message: string, signature: string): MessageVerification {
  const bytes = decodeBase64(signature);
  if (!bytes) return { valid: false, reason: "The signature is not base64" };
  if (bytes.length === 65) return verifyCompact(address, type, message, bytes);
  if (type === "p2pkh" || type === "p2wsh") {
    return { valid: false, reason: "BIP-322 is accepted for P2WPKH, P2SH-P2WPKH and P2TR addresses only" };
  }
  try {
    const ok = Verifier.verifySignature(address, message, signature.trim(), false);
    if (ok) return { valid: true, scheme: "bip322" };
    return { valid: false, reason: "The BIP-322 signature was not made by this address's key for this message" };
  } catch (error) {
    return { valid: false, reason: `Malformed BIP-322 signature${error instanceof Error ? `: ${error.message}` : ""}` };
  }
}
