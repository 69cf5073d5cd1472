import { decodeAddress, type AddressType } from "@/lib/bitcoin/address";
import { matchDerivedAddress, parseDerivationPath, parseExtendedPublicKey, deriveAddress } from "@/lib/bitcoin/extended-key";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { verifyMessage } from "@/lib/bitcoin/verify-message";
import { isNodePubkey, verifyNodeSignature } from "@/lib/lightning/node-signature";
import type { Check, Draft } from "./draft";

// The checks the browser makes before anything is sent, with the same libraries the service
// uses. Their libraries are most of the wizard's weight: this module is loaded (useChecks) only
// when the wizard reaches the destination step.

// Each check says what it found as a key of the catalogue's `orders.checks` and its values;
// CheckLine puts it in the page's language. The libraries' own reasons (a malformed key, a
// signature of another scheme) come in English as `detail`.

export function checkDestination(draft: Draft, network: NetworkName): Check {
  if (draft.kind === "lightning") {
    const key = draft.nodePubkey.trim().toLowerCase();
    if (!key) return { ok: false, key: "nodeEmpty" };
    return isNodePubkey(key) ? { ok: true, key: "nodeValid" } : { ok: false, key: "nodeInvalid" };
  }
  const address = draft.address.trim();
  if (!address) return { ok: false, key: "addressEmpty", values: { network } };
  let type: AddressType;
  try {
    type = decodeAddress(address, network).type;
  } catch (error) {
    return (error as { code?: string }).code === "address_network"
      ? { ok: false, key: "addressNetwork", values: { network } }
      : { ok: false, key: "addressInvalid" };
  }
  if (type === "p2wsh") return { ok: false, key: "addressP2wsh" };
  if (draft.kind === "address") return { ok: true, key: "addressValid", values: { network, type }, type };
  try {
    const key = parseExtendedPublicKey(draft.xpub, network);
    const indexes = parseDerivationPath(draft.path);
    try {
      const matched = matchDerivedAddress(key, indexes, address, network);
      return { ok: true, key: "xpubMatches", values: { path: draft.path, type: matched }, type: matched };
    } catch {
      const derived = deriveAddress(key, indexes, key.version.types[key.version.types.length === 1 ? 0 : 2] ?? "p2wpkh", network);
      return { ok: false, key: "xpubMismatch", values: { path: draft.path, derived } };
    }
  } catch (error) {
    return { ok: false, key: "xpubInvalid", values: { detail: error instanceof Error ? error.message : "" } };
  }
}

export function checkSignature(draft: Draft, network: NetworkName): Check {
  if (!draft.signature.trim()) return { ok: false, key: "signatureEmpty" };
  if (draft.kind === "lightning") {
    return verifyNodeSignature(draft.message, draft.signature.trim(), draft.nodePubkey.trim().toLowerCase())
      ? { ok: true, key: "nodeSignatureValid" }
      : { ok: false, key: "nodeSignatureInvalid" };
  }
  const destination = checkDestination(draft, network);
  if (!destination.ok || !destination.type) return { ok: false, key: "fixAddressFirst" };
  const result = verifyMessage(draft.address.trim(), destination.type, draft.message, draft.signature.trim());
  if (result.valid) return { ok: true, key: "signatureValid", values: { scheme: result.scheme } };
  return {
    ok: false,
    key: "signatureInvalid",
    values: { detail: result.reason, taproot: destination.type === "p2tr" ? "yes" : "no" },
  };
}
