import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { ApiError } from "@/lib/errors";
import { statement } from "@/lib/dashboard/reports/statements";
import { exportStatement } from "@/lib/dashboard/reports/exports";

export const dynamic = "force-dynamic";

const PERIOD = /^(\d{4}-(?:0[1-9]|1[0-2]))(?:\.(csv|jsonl))?$/;

// GET /api/agreements/{affiliate_id}/statements/{yyyy-mm} – the month's statement (JSON);
// {yyyy-mm}.csv and {yyyy-mm}.jsonl download its lines
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const id = pathId("affiliate agreement", params.affiliate_id);
  const match = PERIOD.exec(params.period ?? "");
  if (!match?.[1]) throw new ApiError("not_found", "No such statement: the month is YYYY-MM, optionally with .csv or .jsonl");
  const format = match[2] as "csv" | "jsonl" | undefined;
  if (format) return exportStatement(db, tenant, id, match[1], format);
  return Response.json(await statement(db, tenant.id, tenant.timeZone, id, match[1]));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
