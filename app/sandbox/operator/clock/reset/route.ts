import { serve } from "@/lib/sandbox/endpoint";
import { resetClockEndpoint } from "@/lib/sandbox/operator/clock-endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(resetClockEndpoint);
