import { ensureBuilt } from "../integration/harness/app-server";

/** The write-conflict test starts the built app: built first when it is not. */
export function setup() {
  ensureBuilt();
}
