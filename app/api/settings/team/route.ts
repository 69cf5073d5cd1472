import { serve } from "@/lib/dashboard/api/endpoint";
import { addTeamMember, listTeam } from "@/lib/dashboard/api/endpoints/team";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listTeam, addTeamMember);
