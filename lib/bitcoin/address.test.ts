import { describe, expect, it } from "vitest";
import { AddressError, decodeAddress } from "./address";

// BIP-173 / BIP-350 test vectors and well-known addresses.
describe("decodeAddress", () => {
  it.each([
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "mainnet", "p2wpkh"],
    ["bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "mainnet", "p2wsh"],
    ["1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", "mainnet", "p2pkh"],
    ["3HSVzEhCFuH9Z3wvoWTexy7BMVVp3PjS6f", "mainnet", "p2sh"],
    ["bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3", "mainnet", "p2tr"],
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "testnet", "p2wpkh"],
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "signet", "p2wpkh"],
  ] as const)("%s on %s is %s", (address, network, type) => {
    expect(decodeAddress(address, network).type).toBe(type);
  });

  it.each([
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "testnet", "address_network"],
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "mainnet", "address_network"],
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "regtest", "address_network"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "mainnet", "invalid_address"],
    ["hello", "testnet", "invalid_address"],
  ] as const)("%s on %s → %s", (address, network, code) => {
    expect(() => decodeAddress(address, network)).toThrow(expect.objectContaining({ code }) as AddressError);
  });
});
