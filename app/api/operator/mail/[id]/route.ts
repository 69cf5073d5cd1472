import { serve } from "@/lib/dashboard/api/endpoint";
import { getMail } from "@/lib/dashboard/api/endpoints/mail";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getMail);
