import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Serves a PGlite database over PostgreSQL's wire protocol on 127.0.0.1, so that another process
 * (an Edge Function under Deno, with its npm:pg) reaches the database the test arranges in process.
 * PGlite itself answers every message, the start-up included (`execProtocolRaw`); this only cuts
 * the byte stream into messages and keeps connections apart. Why not @electric-sql/pglite-socket
 * or pg-gateway: docs/decisions/0029-records-cite-the-repo-and-edge-function-on-pglite.md.
 *
 * PGlite is one session. So that connections do not mix, a connection has the database from its
 * first message until PGlite answers ReadyForQuery "idle" (its statement, or its transaction, is
 * over), under PGlite's own `runExclusive`, which holds off the test's own queries meanwhile. A
 * connection that goes away inside its transaction has it rolled back.
 */
export interface PgliteWire {
  /** A URL for npm:pg (no TLS, no password: only this machine reaches it). */
  url: string;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const TERMINATE = 0x58; // 'X'

/** The status byte of the reply's last message when that is ReadyForQuery: 'Z', int32 5, status. */
function readyStatus(reply: Uint8Array): number | undefined {
  const z = reply.length - 6;
  if (z < 0 || reply[z] !== READY_FOR_QUERY) return undefined;
  return Buffer.from(reply.buffer, reply.byteOffset + z + 1, 4).readUInt32BE(0) === 5 ? reply[z + 5] : undefined;
}

/** A simple-protocol Query message: 'Q', int32 length, the text, NUL. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const msg = Buffer.alloc(5 + body.length);
  msg[0] = 0x51;
  msg.writeUInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}

export async function servePglite(db: PGlite): Promise<PgliteWire> {
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    let pending = Buffer.alloc(0);
    let started = false;
    let closed = false;
    /** Set while this connection has the database; calling it hands the database back. */
    let release: (() => void) | undefined;
    /** This connection's messages, one after the other. */
    let turn = Promise.resolve();

    const acquire = () =>
      new Promise<void>((held) => {
        void db.runExclusive(
          () =>
            new Promise<void>((done) => {
              release = () => {
                release = undefined;
                done();
              };
              held();
            }),
        );
      });
    const letGo = async () => {
      if (!release) return;
      if (db.isInTransaction()) await db.execProtocolRaw(simpleQuery('rollback'));
      release();
    };
    const run = async (messages: Uint8Array) => {
      if (closed) return;
      if (!release) await acquire();
      const reply = await db.execProtocolRaw(messages, { syncToFs: true });
      if (!closed) socket.write(reply);
      if (readyStatus(reply) === IDLE) release?.();
    };
    const enqueue = (job: () => Promise<void>) => {
      turn = turn.then(job).catch(() => {
        socket.destroy();
      });
    };

    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      const batch: Buffer[] = [];
      for (;;) {
        if (!started) {
          if (pending.length < 8) break;
          const length = pending.readUInt32BE(0);
          const code = pending.readUInt32BE(4);
          if (pending.length < length) break;
          const message = pending.subarray(0, length);
          pending = pending.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N'); // neither: plain text on this machine's loopback
          } else if (code === CANCEL_REQUEST) {
            socket.destroy(); // PGlite cannot cancel a statement (server/src/db/index.ts says as much)
            return;
          } else {
            started = true;
            batch.push(Buffer.from(message)); // the StartupMessage, which PGlite answers
          }
          continue;
        }
        if (pending.length < 5) break;
        const length = 1 + pending.readUInt32BE(1);
        if (pending.length < length) break;
        const message = Buffer.from(pending.subarray(0, length)); // a copy PGlite may keep
        pending = pending.subarray(length);
        if (message[0] === TERMINATE) {
          const sent = Buffer.concat(batch);
          batch.length = 0;
          if (sent.length > 0) enqueue(() => run(sent));
          enqueue(async () => {
            await letGo();
            socket.end();
          });
          continue;
        }
        batch.push(message);
      }
      if (batch.length > 0) {
        const messages = Buffer.concat(batch);
        enqueue(() => run(messages));
      }
    });
    socket.on('close', () => {
      closed = true;
      sockets.delete(socket);
      enqueue(letGo);
    });
    socket.on('error', () => socket.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
