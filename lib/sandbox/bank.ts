import { mod97 } from "@/lib/banking/iban";
import { creditorReference } from "@/lib/banking/creditor-reference";
import { randomInt } from "node:crypto";

// The simulated bank accounts that customers pay into, one per quote currency.

function iban(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, "0")}${bban}`;
}

type Party = { name: string; street: string; building: string; postalCode: string; town: string; country: string };
type Account = { iban: string; bic: string; bank: Party; creditor: Party };

export const sandboxAccounts: Record<"eur" | "chf" | "gbp", Account> = {
  eur: {
    iban: iban("DE", "500105175407324931"),
    bic: "SBXBDEFFXXX",
    bank: { name: "Sandbox Bank AG", street: "Taunusanlage", building: "1", postalCode: "60329", town: "Frankfurt am Main", country: "DE" },
    creditor: { name: "Exchange Sandbox GmbH", street: "Musterweg", building: "2", postalCode: "10117", town: "Berlin", country: "DE" },
  },
  chf: {
    iban: iban("CH", "00700110000387896"),
    bic: "SBXBCHZZXXX",
    bank: { name: "Sandbox Bank (Schweiz) AG", street: "Bahnhofstrasse", building: "1", postalCode: "8001", town: "Zürich", country: "CH" },
    creditor: { name: "Exchange Sandbox AG", street: "Musterstrasse", building: "2", postalCode: "8002", town: "Zürich", country: "CH" },
  },
  gbp: {
    iban: iban("GB", "SBXB40051531926819"),
    bic: "SBXBGB2LXXX",
    bank: { name: "Sandbox Bank plc", street: "Sandbox Lane", building: "1", postalCode: "EC2V 7HH", town: "London", country: "GB" },
    creditor: {
      name: "Exchange Sandbox Ltd",
      street: "Example Street",
      building: "2",
      postalCode: "EC1A 1BB",
      town: "London",
      country: "GB",
    },
  },
};

/** A fresh ISO 11649 reference: RF, check digits, 15 digits. */
export function newCreditorReference(): string {
  let body = "";
  for (let i = 0; i < 15; i++) body += String(randomInt(10));
  return creditorReference(body);
}

/**
 * Swiss QR-bill payload (Swiss Implementation Guidelines for the QR-bill, version 2.0,
 * "SPC 0200"): structured addresses, open amount, SCOR creditor reference.
 */
export function swissQrBillPayload(reference: string, message: string): string {
  const { iban: account, creditor } = sandboxAccounts.chf;
  const emptyAddress = ["", "", "", "", "", "", ""];
  return [
    "SPC",
    "0200",
    "1",
    account,
    "S",
    creditor.name,
    creditor.street,
    creditor.building,
    creditor.postalCode,
    creditor.town,
    creditor.country,
    ...emptyAddress, // ultimate creditor (reserved)
    "", // amount: left to the payer
    "CHF",
    ...emptyAddress, // ultimate debtor: unknown
    "SCOR",
    reference,
    message,
    "EPD",
  ].join("\r\n");
}

export function creditorFields(currency: "eur" | "chf" | "gbp", reference: string, orderId: string) {
  const account = sandboxAccounts[currency];
  return {
    creditor_reference: reference,
    creditor_iban: account.iban,
    creditor_bank_name: account.bank.name,
    creditor_bank_street: `${account.bank.street} ${account.bank.building}`,
    creditor_bank_postal_code: account.bank.postalCode,
    creditor_bank_town: account.bank.town,
    creditor_bank_country: account.bank.country,
    creditor_bank_bic: account.bic,
    creditor_name: account.creditor.name,
    creditor_street: `${account.creditor.street} ${account.creditor.building}`,
    creditor_postal_code: account.creditor.postalCode,
    creditor_town: account.creditor.town,
    creditor_country: account.creditor.country,
    swiss_qr_bill_payload: currency === "chf" ? swissQrBillPayload(reference, `Order ${orderId}`) : null,
  };
}
