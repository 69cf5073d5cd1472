import "server-only";
import { z } from "zod";
import { ApiError, detailsFromZod, type ErrorDetail } from "@/lib/errors";
import { resolvedStepSchema, type ResolvedStep, type Scenario } from "@/lib/dashboard/contract/scenarios-api";

// A scenario's values put into its steps: `set` overrides the document's values (and names only
// those), each `{{name}}` field takes its value, and the result must be a valid step. Everything
// wrong is one 400 that lists every field, before anything runs.

type Value = string | number;
const REFERENCE = /^\{\{([a-z][a-z0-9_]*)\}\}$/;

/**
 * A value given as text on a command line (`--set amount=300`) is a number where it reads as
 * one: no field of a step takes digits as text.
 */
const asValue = (value: Value): Value => (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);

const invalid = (message: string, details: ErrorDetail[]) => new ApiError("invalid_request", message, details);

/** The steps to run, or 400 invalid_request naming each field that is wrong. */
export function resolveScenario(document: Scenario, set: Record<string, Value> = {}): ResolvedStep[] {
  const values = document.values ?? {};
  const unknown = Object.keys(set).filter((key) => !Object.hasOwn(values, key));
  if (unknown.length > 0) {
    const known = Object.keys(values).join(", ") || "none";
    throw invalid(
      "set names values the scenario does not have",
      unknown.map((key) => ({ path: `set.${key}`, message: `Not a value of ${document.name} (its values: ${known})` })),
    );
  }
  const merged: Record<string, Value> = { ...values, ...set };
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const steps = document.steps.map((step, i) => {
    if (seen.has(step.name)) details.push({ path: `steps.${i}.name`, message: `Another step is named ${step.name}` });
    seen.add(step.name);
    const filled = Object.fromEntries(
      Object.entries(step).map(([field, value]) => {
        const name = typeof value === "string" ? REFERENCE.exec(value)?.[1] : undefined;
        if (name === undefined) return [field, value];
        const given = Object.hasOwn(merged, name) ? merged[name] : undefined;
        if (given === undefined) details.push({ path: `steps.${i}.${field}`, message: `No value named ${name}` });
        return [field, given === undefined ? value : asValue(given)];
      }),
    );
    const parsed = z.safeParse(resolvedStepSchema, filled);
    if (!parsed.success) {
      for (const detail of detailsFromZod(parsed.error)) details.push({ ...detail, path: `steps.${i}.${detail.path}` });
      return null;
    }
    return parsed.data;
  });
  if (details.length > 0) throw invalid("The scenario's steps are not valid with these values", details);
  return steps.filter((step): step is ResolvedStep => step !== null);
}
