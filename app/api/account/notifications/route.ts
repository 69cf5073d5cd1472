import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { everyone } from "@/lib/dashboard/account/roles";
import { readJson } from "@/lib/http/read-body";
import { preferencesBodySchema } from "@/lib/dashboard/contract/notifications-api";
import { preferencesOf, setPreferences } from "@/lib/dashboard/notifications/preferences";

export const dynamic = "force-dynamic";

// GET /api/account/notifications – how the caller receives each category (email, in_app, none)
export const GET = apiRoute(everyone, async ({ db, user }) => Response.json(await preferencesOf(db, user.id)));

// PUT /api/account/notifications – changes some categories' channels
export const PUT = apiRoute({ ...everyone, mutation: "account.notifications" }, async ({ req, db, user, audit }) => {
  const body = await readJson(req, preferencesBodySchema);
  audit.target = Object.entries(body.preferences)
    .map(([category, channel]) => `${category}=${channel}`)
    .join(",");
  return Response.json(await setPreferences(db, user.id, body.preferences));
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
