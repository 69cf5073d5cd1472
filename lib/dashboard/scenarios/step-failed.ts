import type { StepFailure } from "@/lib/dashboard/contract/scenarios-api";

/**
 * A step that cannot go on, for a reason the panel says in its reader's language: the failure's
 * code and figures, beside the English message the run keeps as its `error`.
 */
export class StepFailed extends Error {
  constructor(
    readonly failure: StepFailure,
    message: string,
  ) {
    super(message);
    this.name = "StepFailed";
  }
}
