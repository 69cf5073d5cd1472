import { serve } from "@/lib/dashboard/api/endpoint";
import { resetTeamMemberPassword } from "@/lib/dashboard/api/endpoints/team";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(resetTeamMemberPassword);
