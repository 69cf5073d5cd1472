import { decodeAddress, type AddressType } from "@/lib/bitcoin/address";
import { matchDerivedAddress, parseDerivationPath, parseExtendedPublicKey, deriveAddress } from "@/lib/bitcoin/extended-key";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { verifyMessage } from "@/lib/bitcoin/verify-message";
import { isNodePubkey, verifyNodeSignature } from "@/lib/lightning/node-signature";
import type { Check, Draft } from "./draft";

// The checks the browser makes before anything is sent, with the same libraries the service
// uses. Their libraries are most of the wizard's weight: this module is loaded (useChecks) only
// when the wizard reaches the destination step.

const typeNames: Record<AddressType, string> = {
  p2pkh: "legacy (P2PKH)",
  p2sh: "nested segwit (P2SH-P2WPKH)",
  p2wpkh: "native segwit (P2WPKH)",
  p2wsh: "segwit script (P2WSH)",
  p2tr: "taproot (P2TR)",
};

export function checkDestination(draft: Draft, network: NetworkName): Check {
  if (draft.kind === "lightning") {
    const key = draft.nodePubkey.trim().toLowerCase();
    if (!key) return { ok: false, text: "Paste your node's public key (66 hex characters, from lncli getinfo or lightning-cli getinfo)." };
    return isNodePubkey(key)
      ? { ok: true, text: "A valid node public key." }
      : { ok: false, text: "Not a node public key: 66 hex characters starting with 02 or 03." };
  }
  const address = draft.address.trim();
  if (!address) return { ok: false, text: `Paste a ${network} bitcoin address.` };
  let type: AddressType;
  try {
    type = decodeAddress(address, network).type;
  } catch (error) {
    return {
      ok: false,
      text:
        (error as { code?: string }).code === "address_network"
          ? `This address is for another network; this service runs on ${network}.`
          : "Not a valid bitcoin address.",
    };
  }
  if (type === "p2wsh") return { ok: false, text: "Multisig script addresses (P2WSH) cannot sign a message: use a single-key address." };
  if (draft.kind === "address") return { ok: true, text: `A ${network} ${typeNames[type]} address.`, type };
  try {
    const key = parseExtendedPublicKey(draft.xpub, network);
    const indexes = parseDerivationPath(draft.path);
    try {
      const matched = matchDerivedAddress(key, indexes, address, network);
      return { ok: true, text: `${draft.path} of this key gives exactly this address (${typeNames[matched]}).`, type: matched };
    } catch {
      const derived = deriveAddress(key, indexes, key.version.types[key.version.types.length === 1 ? 0 : 2] ?? "p2wpkh", network);
      return { ok: false, text: `${draft.path} of this key gives ${derived}, not the address above.` };
    }
  } catch (error) {
    return { ok: false, text: error instanceof Error ? error.message : "Not a valid extended public key." };
  }
}

export function checkSignature(draft: Draft, network: NetworkName): Check {
  if (!draft.signature.trim()) return { ok: false, text: "Paste the signature your wallet produced." };
  if (draft.kind === "lightning") {
    return verifyNodeSignature(draft.message, draft.signature.trim(), draft.nodePubkey.trim().toLowerCase())
      ? { ok: true, text: "Signature verified: made by this node for this message." }
      : {
          ok: false,
          text: "Not made by this node for this exact message. Sign the message as shown, with the node whose key you entered.",
        };
  }
  const destination = checkDestination(draft, network);
  if (!destination.ok || !destination.type) return { ok: false, text: "Fix the address first." };
  const result = verifyMessage(draft.address.trim(), destination.type, draft.message, draft.signature.trim());
  if (result.valid)
    return {
      ok: true,
      text: `Signature verified (${result.scheme === "bip322" ? "BIP-322" : result.scheme === "electrum" ? "Electrum" : "BIP-137"}).`,
    };
  const hint =
    destination.type === "p2tr"
      ? " Taproot addresses need a BIP-322 signature (Sparrow: Sign/Verify Message → BIP322)."
      : " Sign with the same address, and copy the message without changing a character.";
  return { ok: false, text: `${result.reason}.${hint}` };
}
