import * as bitcoin from "bitcoinjs-lib";
import { bitcoinjsNetwork, type NetworkName } from "./networks";

export type AddressType = "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr";

export type DecodedAddress = { type: AddressType; outputScript: Uint8Array };

export class AddressError extends Error {
  constructor(readonly code: "invalid_address" | "address_network") {
    super(code === "invalid_address" ? "Not a valid bitcoin address" : "Address is for another bitcoin network");
  }
}

function typeOf(script: Uint8Array): AddressType | null {
  const s = Buffer.from(script);
  if (s.length === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac) return "p2pkh";
  if (s.length === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) return "p2sh";
  if (s.length === 22 && s[0] === 0x00 && s[1] === 0x14) return "p2wpkh";
  if (s.length === 34 && s[0] === 0x00 && s[1] === 0x20) return "p2wsh";
  if (s.length === 34 && s[0] === 0x51 && s[1] === 0x20) return "p2tr";
  return null;
}

function tryDecode(address: string, network: bitcoin.Network): DecodedAddress | null {
  try {
    const script = bitcoin.address.toOutputScript(address, network);
    const type = typeOf(script);
    return type ? { type, outputScript: script } : null;
  } catch {
    return null;
  }
}

/**
 * Decodes an address for the configured network: a valid address of another network
 * is `address_network`, anything else that does not decode is `invalid_address`.
 */
export function decodeAddress(address: string, network: NetworkName): DecodedAddress {
  const decoded = tryDecode(address, bitcoinjsNetwork(network));
  if (decoded) return decoded;
  const others = (["mainnet", "testnet", "regtest"] as const).filter((n) => bitcoinjsNetwork(n) !== bitcoinjsNetwork(network));
  if (others.some((n) => tryDecode(address, bitcoinjsNetwork(n)))) throw new AddressError("address_network");
  throw new AddressError("invalid_address");
}
