import { serve } from "@/lib/dashboard/api/endpoint";
import { listTeamSignIns } from "@/lib/dashboard/api/endpoints/team";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listTeamSignIns);
