import { serve } from "@/lib/sandbox/endpoint";
import { createChallengeEndpoint } from "@/lib/sandbox/challenges/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(createChallengeEndpoint);
