import type { ErrorCode } from "@/lib/errors";

/**
 * What the reference says instead where the sandbox is off (a production dashboard): null leaves
 * the code out, since nothing answers it there.
 */
export const withoutSandbox: Partial<Record<ErrorCode, string | null>> = {
  unauthorized: "Missing or unknown credentials: sign in, or send an API key as Authorization: Bearer dk_….",
  invalid_transition: null,
};

export const errorDescriptions: Partial<Record<ErrorCode, string>> = {
  invalid_request:
    "The body or a parameter does not have the expected shape; details names each field. Also: malformed JSON, or JSON " +
    "nested more than 64 arrays and objects deep.",
  invalid_signature: "The signature over message was not made by the key of bitcoin_address (or node_pubkey).",
  challenge_not_found: "The message contains no token of an open challenge of this client. Create one with POST /v1/challenges.",
  challenge_expired: "The challenge in the message is older than 30 minutes. Create a new one and sign again.",
  challenge_used: "The challenge in the message was already used for an order. Every order needs a fresh challenge.",
  fee_rate_out_of_range: "fee_rate must lie between 0.012 and 0.045 inclusive.",
  invalid_iban: "debitor_iban fails the ISO 13616 checksum or the length of its country.",
  unsupported_currency: "The currency is not eur, chf or gbp (or not the order's currency).",
  invalid_address: "bitcoin_address is not a valid bitcoin address.",
  address_network: "bitcoin_address is valid, but for another bitcoin network than the service's.",
  invalid_extended_public_key: "extended_public_key is not an xpub/ypub/zpub (mainnet) or tpub/upub/vpub (test networks).",
  derivation_mismatch: "Deriving derivation_path from extended_public_key does not give bitcoin_address.",
  invalid_node_pubkey: "node_pubkey is not a 33-byte compressed secp256k1 public key in hex.",
  affiliate_not_found: "affiliate_id names no agreement of this client.",
  in_progress: "A payout of this exchange is already in progress.",
  already_completed: "The payout of this exchange is already completed.",
  unexpected_node_pubkey: "The invoice is from another node than the order's, or node_address holds another pubkey.",
  invoice_amount: "The invoice has no amount, or not exactly the exchange amount minus the payout fee.",
  invoice_network: "The invoice is for another bitcoin network.",
  invoice_expired: "The invoice has expired.",
  invalid_invoice: "The invoice is not a valid BOLT 11 invoice (encoding, signature or payment hash).",
  channel_payout_not_allowed: "A direct channel to the node already exists: request an invoice payout instead.",
  node_address_required: "The node's address is unknown: send node_address (<pubkey>@<host>:<port>) and retry.",
  connect: "The connection to the Lightning node failed.",
  offer_expired: "The payout offer has expired: GET the exchange to renew its offers, then retry.",
  unauthorized: "Missing or unknown credentials: send Authorization: client_id <client_id> (sandbox API), or sign in (dashboard API).",
  forbidden:
    "Signed in, but not allowed: viewers and operators cannot change anything, and changes must come from the " +
    "dashboard's own pages (Origin).",
  reauthentication_required:
    "This action reveals a secret, moves money or changes who may act: confirm a second factor (or your password, " +
    "without one) with POST /api/account/reauthenticate, then send the request again. A confirmation opens such " +
    "actions for 5 minutes.",
  second_factor_required:
    "A second factor is required of you (your team's policy, or an operator's in production) and you have none yet: " +
    "set up a passkey or an authenticator app on your account page (/account) first. Until then nothing else is open to you.",
  invalid_code:
    "The code or password is not right, or the code was used already or belongs to another 30-second step. Wrong " +
    "answers count against the sign-in limits.",
  forwarding_url_refused:
    "The forwarding endpoint's URL is not one webhooks may be sent to: not https (in production), with credentials, " +
    "or its host is or resolves to a private, loopback, link-local or metadata address.",
  api_key_inactive:
    "The API key's creator is disabled or no longer on the team, so the key does nothing. It works again if they are " +
    "enabled; otherwise revoke it and make a new one.",
  credentials_unreadable:
    "The tenant's credentials cannot be unsealed with this server's APP_ENCRYPTION_KEY: it is not the key they were sealed " +
    "with. Run every instance and the admin command line with that key.",
  tenant_disabled:
    "An operator disabled this tenant: its pages, its API and its webhooks are refused until it is enabled again. " +
    "Webhooks refused meanwhile are sent again by the service on its retry schedule.",
  insufficient_scope:
    "The API key's scopes do not cover this route (read: GET routes; write: an admin's changes; reports: reports, " +
    "statements and exports), or keys are not accepted here (the operator console, settings, one's own account).",
  invalid_passkey: "The passkey's answer could not be verified: another origin, an expired challenge, or no user verification.",
  not_found: "No such resource for this client (another client's ids are not found either).",
  payout_not_available: "The exchange awaits no payout instructions (on-chain order, refunded, or awaiting identification).",
  payout_link_open:
    "The exchange has a payout link that still works (open, or used and not yet expired); the body's open_links lists " +
    'them. Send {"replace": true} to revoke them and make the new link in one step, or revoke them first.',
  payout_link_revoked:
    "This payout link was revoked (by the sender, or replaced by a newer link): ask the sender for a new one. Only the " +
    "token of a real revoked link gets this answer; an unknown or expired one is not_found.",
  invalid_transition: "The simulated event does not apply to the exchange in its current state.",
  conflict: "The resource exists already, or is being worked on.",
  payload_too_large: "The body exceeds 64 KiB.",
  unsupported_media_type: "Send bodies as application/json.",
  lightning_address_invalid: "The Lightning Address is not of the form name@domain (LUD-16).",
  lightning_address_not_found: "The address's domain answered that it knows no such name (404, or an LNURL error for the payRequest).",
  lightning_address_amount: "The address's wallet does not accept the payout's amount (outside its minSendable and maxSendable).",
  lightning_address_refused: "The address's wallet refused to make an invoice for the amount; details carries its reason.",
  lightning_address_unreachable:
    "The address's domain could not be reached over HTTPS, pointed to a private network, or did not answer with a LUD-06 payRequest.",
  rate_limited: "Too many requests from this client; slow down.",
  internal_error: "Unexpected error; the server log has the request id.",
  database_unavailable:
    "The dashboard's database cannot be reached right now (a failover or restart). Nothing was changed; try again after " +
    "the seconds in Retry-After.",
  clock_limit:
    "The move would take a sandbox clock past its bound: no clock runs more than 366 days ahead of real time, and a " +
    "client's own clock moves at most 30 days in any 24 hours. details names the bound and how far is left; an operator " +
    "can put a clock back to the present.",
  upstream_unavailable: "The exchange service could not be reached (or answered with a server error). Try again shortly.",
  upstream_timeout: "The exchange service did not answer within 10 seconds. Try again shortly.",
  upstream_invalid_response: "The exchange service answered with something that is not its API's JSON.",
  upstream_error:
    "The exchange service refused the call with an error code it does not document; the request log keeps its answer. " +
    "Tell your operator if it persists.",
};
