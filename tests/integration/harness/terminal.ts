import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";

// A real terminal for the command line, as a person has one: a tmux pane (Debian's tmux,
// /usr/bin/tmux) on a server of the test's own (its own socket, so no other tmux is touched),
// keys sent to it, and the screen read back as the person sees it.

const run = promisify(execFile);
const TMUX = "/usr/bin/tmux";

/** Quotes a word for the shell the pane runs. */
const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

export class Terminal {
  private constructor(private readonly socket: string) {}

  /**
   * A 200×50 terminal running `argv` with exactly `env` (nothing of the test's own environment).
   * When the command ends the pane says `[exited <status>]` and stays, so its last screen can be read.
   */
  static async start(argv: string[], env: Record<string, string>): Promise<Terminal> {
    const terminal = new Terminal(`exchange-cli-${randomBytes(4).toString("hex")}`);
    const command = ["env", "-i", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...argv].map(quoted).join(" ");
    await terminal.tmux("new-session", "-d", "-x", "200", "-y", "50", `${command}; echo "[exited $?]"; sleep 3600`);
    return terminal;
  }

  private tmux(...args: string[]) {
    return run(TMUX, ["-u", "-L", this.socket, "-f", "/dev/null", ...args]);
  }

  /** The screen as shown, its trailing blank lines left out. */
  async screen(): Promise<string> {
    return (await this.tmux("capture-pane", "-p")).stdout.trimEnd();
  }

  /**
   * Typed as they are, one key after the other (`send-keys -l`); after `--`, so that a text that
   * starts with "-" (part of a base64url key) is typed, not read as tmux's option.
   */
  async type(text: string) {
    await this.tmux("send-keys", "-l", "--", text);
  }

  /** A named key: Enter, C-c… */
  async press(key: string) {
    await this.tmux("send-keys", key);
  }

  /** The screen once `test` holds on it, read every 50 ms; fails after `timeoutMs` with the last screen. */
  async until(test: (screen: string) => boolean, what: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = await this.screen();
      if (test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`${what}: not on screen within ${timeoutMs} ms. The screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close() {
    await this.tmux("kill-server").catch(() => undefined);
  }
}
