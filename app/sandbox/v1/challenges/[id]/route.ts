import { serve } from "@/lib/sandbox/endpoint";
import { getChallengeEndpoint } from "@/lib/sandbox/challenges/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getChallengeEndpoint);
