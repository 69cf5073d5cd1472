import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { ApiError } from "@/lib/errors";
import { timeZoneBodySchema, type TimeZoneSetting } from "@/lib/dashboard/contract/settings-api";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { setTenantTimeZone } from "@/lib/dashboard/auth/tenant-admin";
import { forgetTenants } from "@/lib/dashboard/auth/tenants";
import { isTimeZone } from "@/lib/time-zone";

export const dynamic = "force-dynamic";

// GET /api/settings/time-zone – the time zone the tenant's reports count days and months in
export const GET = apiRoute(settingsRoles, async ({ tenant }) => Response.json({ time_zone: tenant.timeZone } satisfies TimeZoneSetting));

// PUT /api/settings/time-zone – another IANA time zone; reports are counted in it from now on
export const PUT = apiRoute({ ...settingsRoles, mutation: "settings.time_zone" }, async ({ req, db, tenant, audit }) => {
  const { time_zone } = await readJson(req, timeZoneBodySchema);
  audit.target = time_zone;
  if (!isTimeZone(time_zone)) {
    throw new ApiError("invalid_request", "Not a time zone", [{ path: "time_zone", message: "An IANA time zone such as Europe/Zurich" }]);
  }
  await setTenantTimeZone(db, tenant.id, time_zone);
  await forgetTenants(db);
  return Response.json({ time_zone } satisfies TimeZoneSetting);
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
