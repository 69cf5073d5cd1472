import { describe, expect, it } from "vitest";
import { serverSettings, serverSettingsOrDefaults } from "./server-settings.mjs";

// What scripts/server.mjs reads before the app loads; lib/env.ts validates the same shape with the rest.

describe("the server's own settings", () => {
  it("defaults, and values as the environment gives them", () => {
    expect(serverSettings({})).toEqual({
      PORT: 3000,
      HOST: "0.0.0.0",
      APP_URL: undefined,
      TRUSTED_PROXY_HOPS: 0,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      SHUTDOWN_GRACE_SECONDS: 20,
    });
    expect(serverSettings({ PORT: "4100", APP_URL: " https://dash.example.com ", SHUTDOWN_GRACE_SECONDS: "5" })).toMatchObject({
      PORT: 4100,
      APP_URL: "https://dash.example.com",
      SHUTDOWN_GRACE_SECONDS: 5,
    });
  });

  it("names every variable that is not valid; the logger falls back to its defaults meanwhile", () => {
    expect(() => serverSettings({ SHUTDOWN_GRACE_SECONDS: "0", PORT: "http" })).toThrow(/PORT: .*; SHUTDOWN_GRACE_SECONDS: .*>=1/);
    expect(() => serverSettings({ APP_URL: "ftp://x" })).toThrow(/APP_URL/);
    expect(serverSettingsOrDefaults({ LOG_LEVEL: "loud" }).LOG_LEVEL).toBe("info");
  });
});
