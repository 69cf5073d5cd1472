import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { operatorExchangeView } from "@/lib/sandbox/exchanges/drive-exchange";
import { idParam } from "@/lib/sandbox/params";

export const dynamic = "force-dynamic";

// GET /sandbox/operator/exchanges/{id} – any client's exchange, with the operator events its state allows
export const GET = operatorRoute(async ({ db, params }) => json(await operatorExchangeView(db, idParam(params.id, "exchange"))));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
