import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server for the app to send to (the `smtp-server` package, over TCP, no TLS). Each
// message it accepts is parsed by `mailparser`, as a mail client would read it. It can refuse the
// next messages with a temporary 451, as a server in trouble does.

export class MailCatcher {
  readonly received: ParsedMail[] = [];
  /** Messages refused so far. */
  refusedCount = 0;
  private refuseNext = 0;
  private waiters: { test: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<MailCatcher> {
    const holder: { catcher?: MailCatcher } = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const catcher = holder.catcher;
          if (!catcher) return callback(new Error("not ready"));
          if (catcher.refuseNext > 0) {
            catcher.refuseNext--;
            catcher.refusedCount++;
            const refusal = Object.assign(new Error("Try again later"), { responseCode: 451 });
            return callback(refusal);
          }
          void simpleParser(Buffer.concat(chunks)).then((mail) => {
            catcher.accept(mail);
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    holder.catcher = new MailCatcher(server, port);
    return holder.catcher;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Refuses the next `n` messages with 451. */
  refuse(n: number) {
    this.refuseNext = n;
  }

  private accept(mail: ParsedMail) {
    this.received.push(mail);
    for (const waiter of this.waiters.filter((w) => w.test(mail))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  }

  /** The first message (received already or later) that passes `test`. */
  next(test: (m: ParsedMail) => boolean): Promise<ParsedMail> {
    const found = this.received.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The address a mail was sent to. */
export const toOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? "";
