import { describe, expect, it } from "vitest";
import { HDKey } from "@scure/bip32";
import {
  addressForKey,
  deriveAddress,
  ExtendedKeyError,
  matchDerivedAddress,
  parseDerivationPath,
  parseExtendedPublicKey,
} from "./extended-key";

// BIP-32 test vector 1: chain m/0H/1/2H, and its non-hardened children /2 and /2/1000000000.
const M_0H_1_2H = "xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5";
const M_0H_1_2H_2 = "xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV";
const M_0H_1_2H_2_1E9 = "xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy";

const pubkeyOf = (xpub: string) => HDKey.fromExtendedKey(xpub).publicKey ?? new Uint8Array();

describe("extended public keys", () => {
  it("derives BIP-32 test vector 1 children from a public key only", () => {
    const parsed = parseExtendedPublicKey(M_0H_1_2H, "mainnet");
    expect(deriveAddress(parsed, [2], "p2pkh", "mainnet")).toBe(addressForKey(pubkeyOf(M_0H_1_2H_2), "p2pkh", "mainnet"));
    expect(deriveAddress(parsed, [2, 1_000_000_000], "p2wpkh", "mainnet")).toBe(
      addressForKey(pubkeyOf(M_0H_1_2H_2_1E9), "p2wpkh", "mainnet"),
    );
  });

  it("finds the script type under which the key gives the address", () => {
    const parsed = parseExtendedPublicKey(M_0H_1_2H, "mainnet");
    const legacy = addressForKey(pubkeyOf(M_0H_1_2H_2), "p2pkh", "mainnet");
    const taproot = addressForKey(pubkeyOf(M_0H_1_2H_2), "p2tr", "mainnet");
    expect(matchDerivedAddress(parsed, [2], legacy, "mainnet")).toBe("p2pkh");
    expect(matchDerivedAddress(parsed, [2], taproot, "mainnet")).toBe("p2tr");
    expect(() => matchDerivedAddress(parsed, [3], legacy, "mainnet")).toThrow(ExtendedKeyError);
  });

  it("refuses a mainnet xpub on testnet and junk", () => {
    expect(() => parseExtendedPublicKey(M_0H_1_2H, "testnet")).toThrow(/not for the testnet network/);
    expect(() => parseExtendedPublicKey("xpub123", "mainnet")).toThrow(ExtendedKeyError);
  });

  it("parses relative, non-hardened derivation paths", () => {
    expect(parseDerivationPath("m/0/3")).toEqual([0, 3]);
    expect(() => parseDerivationPath("m/0'/3")).toThrow();
    expect(() => parseDerivationPath("0/3")).toThrow();
    expect(() => parseDerivationPath("m/4294967295")).toThrow(/hardened/);
  });
});
