import { processSingleton } from "@/lib/process-singleton";
import type { ExampleActivity } from "@/lib/dashboard/contract/dashboard-api";

// How far the example activity of a fresh demo database is, while it runs in this process.
// It runs the sandbox's clock from weeks back to the present, so a challenge taken meanwhile
// can expire within seconds: /api/health and the dashboard's pages say so until it is done.
// Per process because the activity runs in the process that seeded the database (docs/sandbox.md).
const progress = processSingleton("demo-progress", () => ({ current: null as ExampleActivity | null }));

export function reportExampleActivity(done: number, sandboxClock: string, startedAt: string): void {
  progress.current = {
    done_percent: Math.max(0, Math.min(99, Math.floor(done * 100))),
    sandbox_clock: sandboxClock,
    started_at: startedAt,
  };
}

export function endExampleActivity(): void {
  progress.current = null;
}

/** The example activity under way in this process, or null. */
export const exampleActivity = (): ExampleActivity | null => progress.current;
