import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { sandboxOrders } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { checkIban } from "@/lib/banking/iban";
import { currencies, type OrderCreate } from "@/lib/service-api/schemas";
import { completeChallenge, findOpenChallenge } from "../challenges/challenges";
import { clientNow } from "../clock";
import { creditorFields, newCreditorReference } from "../bank";
import { resolveAffiliate } from "./affiliates";
import { checkFeeRate } from "./fee-rate";
import { renderOrder } from "./render-order";
import { checkPayoutMethod } from "./validate-payout-method";

type Currency = (typeof currencies)[number];

// POST /v1/orders
export async function createOrder(db: Db, clientId: string, input: OrderCreate) {
  const feeRate = checkFeeRate(input.fee_rate);
  const currency = input.payment_method.currency.trim().toLowerCase();
  if (!currencies.includes(currency as Currency)) {
    throw new ApiError("unsupported_currency", `currency must be one of ${currencies.join(", ")}`);
  }
  const iban = checkIban(input.payment_method.debitor_iban);
  if (!iban.valid) throw new ApiError("invalid_iban", iban.reason);
  const affiliateId = await resolveAffiliate(db, clientId, input.affiliate_id);
  const payout = checkPayoutMethod(input.payout_method, env().sandboxNetwork);

  return db.transaction(async (tx) => {
    const now = await clientNow(tx, clientId);
    const challenge = await findOpenChallenge(tx, clientId, input.payout_method.message, now);
    const id = randomUUID();
    const reference = newCreditorReference();
    const [row] = await tx
      .insert(sandboxOrders)
      .values({
        id,
        clientId,
        active: input.active ?? true,
        createdOn: now,
        affiliateId,
        feeRate,
        currency,
        debitorIban: iban.iban,
        creditorReference: reference,
        paymentMethod: { currency, debitor_iban: iban.iban, ...creditorFields(currency as Currency, reference, id) },
        payoutMethod: payout.stored,
        payoutKind: payout.kind,
        nodePubkey: payout.kind === "lightning" ? payout.nodePubkey : null,
        addressType: payout.kind === "coin" ? payout.addressType : null,
        lastDerivationIndex: payout.kind === "coin" ? payout.derivationIndex : null,
      })
      .returning();
    if (!row) throw new Error("order insert returned nothing");
    await completeChallenge(tx, challenge.id, now);
    return renderOrder(row);
  });
}
