import { serve } from "@/lib/sandbox/endpoint";
import { listLightningAddressesEndpoint, registerLightningAddressEndpoint } from "@/lib/sandbox/lightning-addresses/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listLightningAddressesEndpoint, registerLightningAddressEndpoint);
