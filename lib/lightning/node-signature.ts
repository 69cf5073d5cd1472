import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { zbase32Decode, zbase32Encode } from "./zbase32";

// General-purpose Lightning signatures (bLIP "General-purpose Lightning signatures"):
// recoverable ECDSA over sha256(sha256("Lightning Signed Message:" + message)),
// 65 bytes = (0x1f + recovery id) ‖ r ‖ s, shown in z-base-32 by lnd and Core Lightning.

const PREFIX = "Lightning Signed Message:";

export function lightningMessageHash(message: string): Uint8Array {
  return sha256(sha256(utf8ToBytes(PREFIX + message)));
}

export function isNodePubkey(text: string): boolean {
  if (!/^0[23][0-9a-f]{64}$/.test(text)) return false;
  try {
    secp256k1.Point.fromHex(text);
    return true;
  } catch {
    return false;
  }
}

type Parsed = { compact: Uint8Array; recovery: number | null };

/** Accepts zbase32 (lnd, CLN `zbase`), or hex: 65 bytes header-first, CLN's r‖s‖recid, or bare r‖s. */
function parseSignature(signature: string): Parsed | null {
  const text = signature.trim();
  if (/^[0-9a-fA-F]+$/.test(text) && (text.length === 128 || text.length === 130)) {
    const bytes = hexToBytes(text.toLowerCase());
    if (bytes.length === 64) return { compact: bytes, recovery: null };
    const first = bytes[0] ?? 0;
    if (first >= 27 && first <= 34) return { compact: bytes.subarray(1), recovery: (first - 27) & 3 };
    const last = bytes[64] ?? 255;
    if (last <= 3) return { compact: bytes.subarray(0, 64), recovery: last };
    return null;
  }
  const bytes = zbase32Decode(text);
  if (!bytes || bytes.length !== 65) return null;
  const header = bytes[0] ?? 0;
  if (header < 27 || header > 34) return null;
  return { compact: bytes.subarray(1), recovery: (header - 27) & 3 };
}

/** True when `signature` over `message` was made by the node key `nodePubkey` (33-byte hex). */
export function verifyNodeSignature(message: string, signature: string, nodePubkey: string): boolean {
  const parsed = parseSignature(signature);
  if (!parsed || !isNodePubkey(nodePubkey)) return false;
  const hash = lightningMessageHash(message);
  try {
    const sig = secp256k1.Signature.fromBytes(parsed.compact, "compact");
    if (parsed.recovery === null) {
      return secp256k1.verify(parsed.compact, hash, hexToBytes(nodePubkey), { prehash: false, lowS: false });
    }
    const recovered = sig.addRecoveryBit(parsed.recovery).recoverPublicKey(hash);
    return bytesToHex(recovered.toBytes(true)) === nodePubkey;
  } catch {
    return false;
  }
}

/** Signs as `lncli signmessage` does (zbase32); used by test wallets. */
export function signNodeMessage(message: string, privateKey: Uint8Array): string {
  const recovered = secp256k1.sign(lightningMessageHash(message), privateKey, { prehash: false, format: "recovered" });
  // noble's "recovered" format is recovery ‖ r ‖ s
  const out = new Uint8Array(65);
  out[0] = 31 + (recovered[0] ?? 0);
  out.set(recovered.subarray(1), 1);
  return zbase32Encode(out);
}

export function nodePubkeyOf(privateKey: Uint8Array): string {
  return bytesToHex(secp256k1.getPublicKey(privateKey, true));
}
