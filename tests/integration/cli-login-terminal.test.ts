import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configHome, entry } from "./harness/cli";
import { app, key, setUpCliApp, tearDownCliApp } from "./harness/cli-app";
import { Terminal } from "./harness/terminal";

// `exchange-dashboard login` as a person runs it (docs/cli.md, step 2): in a real terminal (a
// tmux pane), no key in the environment, the key typed at the prompt. The screen is read as they
// see it: the prompt must stay while the command waits, and nothing typed may show.

beforeAll(setUpCliApp, 120_000);
afterAll(tearDownCliApp);

const PROMPT = "API key (";

describe("exchange-dashboard login in a terminal", () => {
  it("asks for the key with its prompt on screen, shows nothing of what is typed, and logs in with it", async () => {
    const home = configHome();
    const terminal = await Terminal.start([process.execPath, entry, "login", "--url", app.baseUrl], {
      TERM: "screen",
      LANG: "C.UTF-8",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      XDG_CONFIG_HOME: home,
      NODE_ENV: "production",
    });
    try {
      const promptLine = (screen: string) => screen.split("\n").find((l) => l.startsWith(PROMPT));
      const waiting = await terminal.until((s) => promptLine(s) !== undefined, "the prompt");
      expect(waiting).not.toContain("[exited");

      await terminal.type(key);
      // typed, not yet entered: the prompt is still the line's whole text
      const typed = await terminal.screen();
      expect(promptLine(typed), typed).toMatch(/^API key \(.*\): ?$/);
      expect(typed).not.toContain(key.slice(0, 12));

      await terminal.press("Enter");
      const done = await terminal.until((s) => s.includes("[exited"), "the end of login");
      expect(done).toContain("[exited 0]");
      expect(done).toContain(`Logged in to ${app.baseUrl}`);
      // the prompt stayed, with nothing after it: no character of the key, no mask
      expect(promptLine(done), done).toMatch(/^API key \(.*\): ?$/);
      for (const part of [key.slice(0, 12), key.slice(12, 28), key.slice(28)]) expect(done).not.toContain(part);
      expect(JSON.parse(readFileSync(path.join(home, "exchange-dashboard", "config.json"), "utf8"))).toEqual({
        url: app.baseUrl,
        api_key: key,
      });
    } finally {
      await terminal.close();
    }
  });
});
