import "server-only";
import type { z } from "zod";
import { AddressError, decodeAddress, type AddressType } from "@/lib/bitcoin/address";
import { ExtendedKeyError, matchDerivedAddress, parseDerivationPath, parseExtendedPublicKey } from "@/lib/bitcoin/extended-key";
import { verifyMessage } from "@/lib/bitcoin/verify-message";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { isNodePubkey, verifyNodeSignature } from "@/lib/lightning/node-signature";
import { ApiError } from "@/lib/errors";
import type { coinPayoutMethodInputSchema, payoutMethodInputSchema } from "@/lib/service-api/schemas";

type Input = z.infer<typeof payoutMethodInputSchema>;
type CoinInput = z.infer<typeof coinPayoutMethodInputSchema>;

export type CheckedPayoutMethod =
  | { kind: "lightning"; nodePubkey: string; stored: Record<string, unknown> }
  | {
      kind: "coin";
      addressType: AddressType;
      /** last index of derivation_path when an extended key is given */
      derivationIndex: number | null;
      stored: Record<string, unknown>;
    };

function checkCoin(input: CoinInput, network: NetworkName): CheckedPayoutMethod & { kind: "coin" } {
  let addressType: AddressType;
  try {
    addressType = decodeAddress(input.bitcoin_address, network).type;
  } catch (error) {
    if (error instanceof AddressError) throw new ApiError(error.code, error.message);
    throw error;
  }
  let derivationIndex: number | null = null;
  const hasKey = input.extended_public_key !== undefined;
  if (hasKey !== (input.derivation_path !== undefined)) {
    throw new ApiError("invalid_request", "extended_public_key and derivation_path go together", [
      { path: hasKey ? "payout_method.derivation_path" : "payout_method.extended_public_key", message: "Required together" },
    ]);
  }
  if (!hasKey && input.gap_limit !== undefined && input.gap_limit !== null) {
    throw new ApiError("invalid_request", "gap_limit needs extended_public_key", [
      { path: "payout_method.gap_limit", message: "Only with extended_public_key" },
    ]);
  }
  if (input.extended_public_key !== undefined && input.derivation_path !== undefined) {
    try {
      const key = parseExtendedPublicKey(input.extended_public_key, network);
      const indexes = parseDerivationPath(input.derivation_path);
      addressType = matchDerivedAddress(key, indexes, input.bitcoin_address, network);
      derivationIndex = indexes[indexes.length - 1] ?? 0;
    } catch (error) {
      if (error instanceof ExtendedKeyError) {
        throw new ApiError(
          error.code,
          error.message,
          error.code === "invalid_request" ? [{ path: "payout_method.derivation_path", message: error.message }] : undefined,
        );
      }
      throw error;
    }
  }
  const verification = verifyMessage(input.bitcoin_address, addressType, input.message, input.signature);
  if (!verification.valid) throw new ApiError("invalid_signature", verification.reason);
  const stored: Record<string, unknown> = {
    bitcoin_address: input.bitcoin_address,
    message: input.message,
    signature: input.signature,
  };
  if (input.extended_public_key !== undefined) {
    stored.extended_public_key = input.extended_public_key;
    stored.derivation_path = input.derivation_path;
    stored.gap_limit = input.gap_limit ?? null;
  }
  return { kind: "coin", addressType, derivationIndex, stored };
}

/**
 * Validates a payout method: the destination for the sandbox network, and the signature
 * over the message by the destination's key. The challenge token is checked by the caller.
 */
export function checkPayoutMethod(input: Input, network: NetworkName): CheckedPayoutMethod {
  if ("node_pubkey" in input) {
    const nodePubkey = input.node_pubkey.trim().toLowerCase();
    if (!isNodePubkey(nodePubkey)) throw new ApiError("invalid_node_pubkey", "node_pubkey must be a 33-byte compressed public key in hex");
    if (!verifyNodeSignature(input.message, input.signature, nodePubkey)) {
      throw new ApiError("invalid_signature", "The signature was not made by this node's key for this message");
    }
    return {
      kind: "lightning",
      nodePubkey,
      stored: { node_pubkey: nodePubkey, message: input.message, signature: input.signature },
    };
  }
  return checkCoin(input, network);
}
