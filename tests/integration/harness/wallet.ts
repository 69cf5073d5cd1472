import { createHash } from "node:crypto";
import * as bitcoin from "bitcoinjs-lib";
import ecc from "@bitcoinerlab/secp256k1";
import { ECPairFactory } from "ecpair";
import bitcoinMessage from "bitcoinjs-message";
import { Signer } from "bip322-js";
import { HDKey } from "@scure/bip32";
import { addressForKey } from "@/lib/bitcoin/extended-key";
import type { AddressType } from "@/lib/bitcoin/address";
import { mintInvoice } from "@/lib/lightning/mint-invoice";
import { nodePubkeyOf, signNodeMessage } from "@/lib/lightning/node-signature";

// A test wallet with real keys: it signs exactly as Bitcoin Core, Electrum, BIP-322 wallets
// and Lightning nodes do. Keys are derived from seeds so failures are reproducible.

bitcoin.initEccLib(ecc);
const ECPair = ECPairFactory(ecc);
const testnet = bitcoin.networks.testnet;

const seedBytes = (seed: string) => createHash("sha256").update(seed).digest();

export function bitcoinKey(seed: string) {
  const pair = ECPair.fromPrivateKey(seedBytes(seed), { network: testnet, compressed: true });
  return { privateKey: Buffer.from(pair.privateKey ?? []), publicKey: Buffer.from(pair.publicKey), wif: pair.toWIF() };
}
export type BitcoinKey = ReturnType<typeof bitcoinKey>;

export function addressOf(key: BitcoinKey, type: Exclude<AddressType, "p2wsh">, network: "testnet" | "mainnet" | "regtest" = "testnet") {
  return addressForKey(key.publicKey, type, network);
}

/** BIP-137 compact signature with the header of the address type. */
export function signBip137(message: string, key: BitcoinKey, type: "p2pkh" | "p2sh" | "p2wpkh"): string {
  const segwitType = type === "p2wpkh" ? "p2wpkh" : type === "p2sh" ? "p2sh(p2wpkh)" : undefined;
  return bitcoinMessage.sign(message, key.privateKey, true, segwitType ? { segwitType } : undefined).toString("base64");
}

/** Electrum signs segwit addresses with the compressed P2PKH header. */
export function signElectrum(message: string, key: BitcoinKey): string {
  return bitcoinMessage.sign(message, key.privateKey, true).toString("base64");
}

export function signBip322(message: string, key: BitcoinKey, address: string): string {
  return Signer.sign(key.wif, address, message) as string;
}

/** A BIP-84 style testnet account: vpub (SLIP-132) and tpub forms of m/84'/1'/0'. */
export function testAccount(seed: string) {
  const master = HDKey.fromMasterSeed(seedBytes(seed), { private: 0x04358394, public: 0x043587cf });
  const account = master.derive("m/84'/1'/0'");
  const child = (chain: number, index: number) => account.deriveChild(chain).deriveChild(index);
  const vpub = new HDKey({
    versions: { private: 0x045f18bc, public: 0x045f1cf6 },
    depth: account.depth,
    index: account.index,
    parentFingerprint: account.parentFingerprint,
    chainCode: account.chainCode ?? undefined,
    publicKey: account.publicKey ?? undefined,
  }).publicExtendedKey;
  return { tpub: account.publicExtendedKey, vpub, child };
}

export function childKey(node: HDKey): BitcoinKey {
  const pair = ECPair.fromPrivateKey(Buffer.from(node.privateKey ?? []), { network: testnet, compressed: true });
  return { privateKey: Buffer.from(pair.privateKey ?? []), publicKey: Buffer.from(pair.publicKey), wif: pair.toWIF() };
}

export function lightningNode(seed: string) {
  const privateKey = seedBytes(`ln:${seed}`);
  return {
    privateKey,
    pubkey: nodePubkeyOf(privateKey),
    sign: (message: string) => signNodeMessage(message, privateKey),
  };
}
export type LightningNode = ReturnType<typeof lightningNode>;

const networks = { tb: "testnet", bc: "mainnet", bcrt: "regtest" } as const;

/** A BOLT 11 invoice signed by the node, with a fresh preimage the test keeps. */
export function makeInvoice(options: {
  node: LightningNode;
  msat: bigint | null;
  now: Date;
  expirySeconds?: number;
  network?: keyof typeof networks;
}) {
  return mintInvoice({
    privateKey: options.node.privateKey,
    msat: options.msat,
    now: options.now,
    network: networks[options.network ?? "tb"],
    expirySeconds: options.expirySeconds,
    description: "exchange payout",
  });
}
