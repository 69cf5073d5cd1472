// Loaded by `node --import` into the server that npm run bench:profile measures (NODE_OPTIONS may
// not carry --cpu-prof): starts V8's sampling profiler through the inspector of this thread, and
// writes the profile to BENCH_PROFILE_FILE when the process exits. The inspector session of the
// same thread answers synchronously, so the exit handler may stop and write it.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const file = process.env.BENCH_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
