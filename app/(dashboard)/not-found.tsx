import { MissingPage } from "@/components/shell/missing-page";

// A page of the dashboard whose subject does not exist (an order or exchange id nobody of the
// company knows): 404, inside the dashboard's frame.
export default function NotFound() {
  return <MissingPage kind="notFound" />;
}
