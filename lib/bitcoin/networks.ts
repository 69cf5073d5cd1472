import * as bitcoin from "bitcoinjs-lib";
import ecc from "@bitcoinerlab/secp256k1";

// Taproot addresses need the curve library in bitcoinjs; every bitcoin module imports this one.
bitcoin.initEccLib(ecc);

export type NetworkName = "mainnet" | "testnet" | "signet" | "regtest";

export const networkNames: NetworkName[] = ["mainnet", "testnet", "signet", "regtest"];

/** bitcoinjs parameters: signet shares testnet's address prefixes. */
export function bitcoinjsNetwork(name: NetworkName): bitcoin.Network {
  if (name === "mainnet") return bitcoin.networks.bitcoin;
  if (name === "regtest") return bitcoin.networks.regtest;
  return bitcoin.networks.testnet;
}

/** BOLT 11 human-readable prefixes per network. */
export const invoicePrefix: Record<NetworkName, string> = {
  mainnet: "bc",
  testnet: "tb",
  signet: "tbs",
  regtest: "bcrt",
};

export const explorerBase: Record<NetworkName, string | null> = {
  mainnet: "https://mempool.space",
  testnet: "https://mempool.space/testnet",
  signet: "https://mempool.space/signet",
  regtest: null,
};
