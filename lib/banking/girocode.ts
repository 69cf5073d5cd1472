// EPC QR code ("GiroCode", EPC069-12 version 002) for a SEPA credit transfer in EUR with an
// ISO 11649 structured reference; the amount is left to the payer.
export function epcQrPayload(input: { name: string; iban: string; bic: string; reference: string; amountEur?: number }): string {
  const lines = [
    "BCD",
    "002",
    "1",
    "SCT",
    input.bic,
    input.name.slice(0, 70),
    input.iban.replace(/\s+/g, ""),
    input.amountEur ? `EUR${input.amountEur.toFixed(2)}` : "",
    "",
    input.reference.replace(/\s+/g, ""),
    "",
  ];
  return lines.join("\n").replace(/\n+$/, "");
}
