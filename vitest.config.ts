import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // Next.js resolves this marker package under the react-server condition only.
  "server-only": path.resolve(import.meta.dirname, "tests/server-only-stub.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // the integration suite shares one app and one sandbox clock: files run one after another
    fileParallelism: false,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "i18n/**/*.test.ts"],
          environment: "node",
          // a guard against a hang, not a measure of speed (that is npm run bench): the tests on
          // PGlite and the property-based ones take seconds alone, several times that on a busy
          // 2-core machine, and timed out at vitest's default of 5 s
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/harness/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        // on a real PostgreSQL (TEST_DATABASE_URL): plans of every list, search and report; the
        // built app's writes made to deadlock
        test: {
          name: "postgres",
          include: ["tests/postgres/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/postgres/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/cluster/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
