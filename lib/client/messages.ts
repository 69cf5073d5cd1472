// Error codes of the API as sentences a person can act on.
const messages: Record<string, string> = {
  network_error: "The dashboard cannot be reached. Check your connection and try again.",
  unexpected_response: "The server answered in an unexpected way. Try again; if it persists, tell your operator.",
  unauthorized: "Your session has ended. Sign in again.",
  forbidden: "Your role cannot do this. Ask an admin of your company.",
  not_found: "Not found. It does not exist, or it belongs to another company.",
  invalid_request: "Some fields are not valid.",
  invalid_signature:
    "The signature does not match the address (or node) and the message. Sign the exact message again with the key of that address.",
  challenge_not_found: "The message does not contain the challenge token. Copy the message exactly as shown.",
  challenge_expired: "The challenge has expired. Get a new one and sign again.",
  challenge_used: "This challenge was already used for another order. Get a new one.",
  fee_rate_out_of_range: "The fee rate must be between 1.2 % and 4.5 %.",
  invalid_iban: "The IBAN is not valid.",
  unsupported_currency: "Only EUR, CHF and GBP are supported.",
  invalid_address: "This is not a valid bitcoin address.",
  address_network: "This address belongs to another bitcoin network.",
  invalid_extended_public_key: "The extended public key is not valid for this network.",
  derivation_mismatch: "The extended public key does not give this address at that derivation path.",
  invalid_node_pubkey: "This is not a valid Lightning node public key (66 hex characters).",
  affiliate_not_found: "No affiliate agreement with this id.",
  upstream_unavailable: "The exchange service cannot be reached right now. Try again shortly.",
  upstream_timeout: "The exchange service took too long to answer. Try again shortly.",
  upstream_invalid_response: "The exchange service gave an unreadable answer. Try again; if it persists, tell your operator.",
  rate_limited: "Too many requests. Wait a moment and try again.",
  payout_not_available: "This exchange does not await a payout.",
  in_progress: "A payout is already in progress: wait for it to complete or fail.",
  already_completed: "The payout is already completed: nothing more to do.",
  invoice_amount: "The invoice is not for the exact amount. Create an invoice for exactly the amount shown.",
  invoice_network: "The invoice is for another bitcoin network. Use a wallet on the network shown.",
  invoice_expired: "The invoice has expired. Create a new one.",
  invalid_invoice: "This is not a valid Lightning invoice. Copy the whole invoice (it starts with ln…).",
  unexpected_node_pubkey: "The invoice (or node address) is from another node than the one proven for this order. Use the order's node.",
  channel_payout_not_allowed: "A channel to this node exists already. Use an invoice payout instead.",
  node_address_required: "The node's address is unknown. Enter it as pubkey@host:port.",
  connect: "The node could not be reached at that address. Check the host and port, and that the node is online.",
  offer_expired: "The payout offer has expired. The page fetches a new one; try again in a moment.",
};

export function messageFor(code: string): string {
  return messages[code] ?? `Something went wrong (${code}).`;
}
