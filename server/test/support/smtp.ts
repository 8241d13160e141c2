import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server for the mail tests (smtp-server), keeping every message it accepted, parsed by
 * mailparser. A message counts as accepted when the server answers 250 to its DATA, as in SMTP.
 * It can go down and come back on the same port, and it can hold a message unanswered (to kill the
 * sender mid-send: a message never answered is not accepted, and the next sender must send it).
 */
export interface Received {
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: ParsedMail;
  raw: string;
  /** The text/calendar part, when there is one. */
  calendar?: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: Received[];
  /** Messages whose DATA arrived, accepted or not. */
  seen: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** From now on, do not answer the n-th message seen (1-based) until its connection closes. */
  holdAt(n: number, onHeld: () => void): void;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: Received[] = [];
  let hold: { n: number; onHeld: () => void } | undefined;
  let server: SMTPServer | undefined;
  let seen = 0;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          seen++;
          const raw = Buffer.concat(chunks).toString('utf8');
          if (hold && seen === hold.n) {
            const h = hold;
            hold = undefined;
            h.onHeld(); // never answered: the client dies with it
            return;
          }
          void simpleParser(raw).then(
            (parsed) => {
              const cal = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
              received.push({
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                parsed,
                raw,
                calendar: cal?.content.toString('utf8'),
              });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });

  let actualPort = port;
  const start = async () => {
    server = make();
    server.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      server!.listen(actualPort, '127.0.0.1', () => resolve());
      server!.server.once('error', reject);
    });
    actualPort = (server.server.address() as AddressInfo).port;
  };
  await start();

  return {
    get port() {
      return actualPort;
    },
    get url() {
      return `smtp://127.0.0.1:${actualPort}`;
    },
    received,
    get seen() {
      return seen;
    },
    async stop() {
      const s = server;
      server = undefined;
      if (!s) return;
      // Connections still open (a held message) are cut: closing waits for them otherwise.
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        for (const conn of (s as unknown as { connections: Set<{ close(): void }> }).connections ?? []) conn.close();
      });
    },
    start,
    holdAt(n, onHeld) {
      hold = { n, onHeld };
    },
    async waitFor(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
  };
}
