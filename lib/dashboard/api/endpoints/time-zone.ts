import "server-only";
import { ApiError } from "@/lib/errors";
import { isTimeZone } from "@/lib/time-zone";
import { timeZoneBodySchema, timeZoneSchema, type TimeZoneSetting } from "@/lib/dashboard/contract/settings-api";
import { setTenantTimeZone } from "@/lib/dashboard/auth/tenant-admin";
import { forgetTenants } from "@/lib/dashboard/auth/tenants";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// The time zone a tenant's reports, statements and weekly summary count days and months in
// (/api/settings/time-zone, admins and operators).

const change = mutation;
const tag = "settings";

// GET /api/settings/time-zone – the time zone the tenant's reports count days and months in
export const getTimeZone = endpoint({
  method: "GET",
  path: "/settings/time-zone",
  access: settingsRoles,
  doc: {
    operationId: "getTimeZone",
    summary: "The time zone of reports",
    description: "Reports, statements and the weekly summary count days and months in it.",
    tag,
    success: { status: 200, description: "The time zone", schema: timeZoneSchema },
    errors: ["unauthorized", "forbidden"],
  },
  handler: async ({ tenant }) => Response.json({ time_zone: tenant.timeZone } satisfies TimeZoneSetting),
});

// PUT /api/settings/time-zone – another IANA time zone; reports are counted in it from now on
export const setTimeZone = endpoint({
  method: "PUT",
  path: "/settings/time-zone",
  access: { ...settingsRoles, mutation: "settings.time_zone" },
  body: { schema: timeZoneBodySchema, example: { time_zone: "Europe/Paris" } },
  doc: {
    operationId: "setTimeZone",
    summary: "Change the time zone of reports",
    description: "An IANA name (Europe/Zurich); every report is counted in it from now on. Audited.",
    tag,
    success: { status: 200, description: "The time zone now", schema: timeZoneSchema },
    errors: change,
  },
  handler: async ({ db, tenant, audit, body: { time_zone } }) => {
    audit.target = time_zone;
    if (!isTimeZone(time_zone)) {
      throw new ApiError("invalid_request", "Not a time zone", [{ path: "time_zone", message: "An IANA time zone such as Europe/Zurich" }]);
    }
    await setTenantTimeZone(db, tenant.id, time_zone);
    await forgetTenants(db);
    return Response.json({ time_zone } satisfies TimeZoneSetting);
  },
});

export const timeZoneEndpoints = [getTimeZone, setTimeZone];
