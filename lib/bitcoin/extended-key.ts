import * as bitcoin from "bitcoinjs-lib";
import { HDKey } from "@scure/bip32";
import { createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import type { AddressType } from "./address";
import { bitcoinjsNetwork, type NetworkName } from "./networks";

const base58check = createBase58check(sha256);

type Version = { prefix: string; mainnet: boolean; types: AddressType[] };

// BIP-32 and SLIP-132 single-signature public versions. Plain xpub/tpub do not say the
// script type (descriptor wallets export them for every type), so all are tried.
const versions: Record<number, Version> = {
  0x0488b21e: { prefix: "xpub", mainnet: true, types: ["p2pkh", "p2sh", "p2wpkh", "p2tr"] },
  0x049d7cb2: { prefix: "ypub", mainnet: true, types: ["p2sh"] },
  0x04b24746: { prefix: "zpub", mainnet: true, types: ["p2wpkh"] },
  0x043587cf: { prefix: "tpub", mainnet: false, types: ["p2pkh", "p2sh", "p2wpkh", "p2tr"] },
  0x044a5262: { prefix: "upub", mainnet: false, types: ["p2sh"] },
  0x045f1cf6: { prefix: "vpub", mainnet: false, types: ["p2wpkh"] },
};

export class ExtendedKeyError extends Error {
  constructor(
    readonly code: "invalid_extended_public_key" | "derivation_mismatch" | "invalid_request",
    message: string,
  ) {
    super(message);
  }
}

export type ParsedExtendedKey = { key: HDKey; version: Version };

export function parseExtendedPublicKey(text: string, network: NetworkName): ParsedExtendedKey {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text.trim());
  } catch {
    throw new ExtendedKeyError("invalid_extended_public_key", "Not a base58check extended key");
  }
  if (payload.length !== 78) throw new ExtendedKeyError("invalid_extended_public_key", "Wrong extended key length");
  const versionNumber = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  const version = versions[versionNumber];
  if (!version) {
    throw new ExtendedKeyError("invalid_extended_public_key", "Unsupported version: use an xpub/ypub/zpub or tpub/upub/vpub");
  }
  if (version.mainnet !== (network === "mainnet")) {
    throw new ExtendedKeyError("invalid_extended_public_key", `A ${version.prefix} is not for the ${network} network`);
  }
  try {
    const key = HDKey.fromExtendedKey(text.trim(), { public: versionNumber, private: 0 });
    return { key, version };
  } catch {
    throw new ExtendedKeyError("invalid_extended_public_key", "The extended key does not hold a valid public key");
  }
}

/** Parses `m/0/3` (relative to the extended key, non-hardened). */
export function parseDerivationPath(path: string): number[] {
  const match = /^m((?:\/\d{1,10})+)$/.exec(path.trim());
  if (!match?.[1]) throw new ExtendedKeyError("invalid_request", "derivation_path must look like m/0/3 (non-hardened)");
  const indexes = match[1].slice(1).split("/").map(Number);
  if (indexes.some((i) => i >= 0x80000000)) {
    throw new ExtendedKeyError("invalid_request", "derivation_path must not be hardened");
  }
  return indexes;
}

export function formatDerivationPath(indexes: number[]): string {
  return `m/${indexes.join("/")}`;
}

export function addressForKey(publicKey: Uint8Array, type: AddressType, network: NetworkName): string {
  const net = bitcoinjsNetwork(network);
  const pubkey = Buffer.from(publicKey);
  const payment =
    type === "p2pkh"
      ? bitcoin.payments.p2pkh({ pubkey, network: net })
      : type === "p2wpkh"
        ? bitcoin.payments.p2wpkh({ pubkey, network: net })
        : type === "p2sh"
          ? bitcoin.payments.p2sh({ redeem: bitcoin.payments.p2wpkh({ pubkey, network: net }), network: net })
          : bitcoin.payments.p2tr({ internalPubkey: pubkey.subarray(1, 33), network: net });
  if (!payment.address) throw new Error(`cannot encode a ${type} address`);
  return payment.address;
}

export function deriveAddress(parsed: ParsedExtendedKey, indexes: number[], type: AddressType, network: NetworkName) {
  let node = parsed.key;
  for (const index of indexes) node = node.deriveChild(index);
  if (!node.publicKey) throw new Error("derived key has no public key");
  return addressForKey(node.publicKey, type, network);
}

/**
 * Finds the script type under which the extended key at `path` gives `address`.
 * Throws derivation_mismatch when none does.
 */
export function matchDerivedAddress(parsed: ParsedExtendedKey, indexes: number[], address: string, network: NetworkName): AddressType {
  for (const type of parsed.version.types) {
    if (deriveAddress(parsed, indexes, type, network) === address) return type;
  }
  throw new ExtendedKeyError(
    "derivation_mismatch",
    `Deriving ${formatDerivationPath(indexes)} from the extended key does not give bitcoin_address`,
  );
}
