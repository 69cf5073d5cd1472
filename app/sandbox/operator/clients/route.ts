import { serve } from "@/lib/sandbox/endpoint";
import { listClientsEndpoint, createClientEndpoint } from "@/lib/sandbox/operator/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listClientsEndpoint, createClientEndpoint);
