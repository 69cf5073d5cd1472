import { ApiError } from "@/lib/errors";
import { feeRateText } from "../money";

export const FEE_RATE_MIN = 0.012;
export const FEE_RATE_MAX = 0.045;

/** Inclusive bounds 0.012 and 0.045 (docs/exchange-api.md#orders). */
export function checkFeeRate(value: number): string {
  if (!Number.isFinite(value) || value < FEE_RATE_MIN || value > FEE_RATE_MAX) {
    throw new ApiError("fee_rate_out_of_range", `fee_rate must be between ${FEE_RATE_MIN} and ${FEE_RATE_MAX}`);
  }
  return feeRateText(value);
}
