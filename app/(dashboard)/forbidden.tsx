import { MissingPage } from "@/components/shell/missing-page";

// A page the user's role may not open (a viewer's settings, an admin's operator console): 403,
// inside the dashboard's frame.
export default function Forbidden() {
  return <MissingPage kind="forbidden" />;
}
