import { serve } from "@/lib/sandbox/endpoint";
import { driveExchangeEndpoint } from "@/lib/sandbox/exchanges/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(driveExchangeEndpoint);
