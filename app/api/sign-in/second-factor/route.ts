import { otherMethods } from "@/lib/dashboard/api/route";
import { publicRoute } from "@/lib/dashboard/api/public-route";
import { secondStep } from "@/lib/dashboard/auth/sign-in-ceremonies";

export const dynamic = "force-dynamic";

// GET /api/sign-in/second-factor – this browser's half-signed-in state: the account and its factors
export const GET = publicRoute(async ({ db }) => Response.json(await secondStep(db)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
