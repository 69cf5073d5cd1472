/**
 * The invoice a scanned QR code holds, or null: a bare BOLT 11 invoice, a `lightning:` URI, or a
 * BIP-21 `bitcoin:` URI with a `lightning=` parameter (what wallets show for "receive").
 */
export function invoiceFromQr(raw: string): string | null {
  let text = raw.trim();
  if (/^bitcoin:/i.test(text)) {
    const query = text.slice(text.indexOf("?") + 1);
    text = text.includes("?") ? (new URLSearchParams(query).get("lightning") ?? "") : "";
  }
  text = text.replace(/^lightning:/i, "");
  return /^ln(bc|tbs|tb|bcrt)[0-9]*[munp]?1[02-9ac-hj-np-z]{100,}$/i.test(text) ? text.toLowerCase() : null;
}
