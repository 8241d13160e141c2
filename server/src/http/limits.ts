import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/**
 * The limits on a request's head, and closing a connection the way HTTP asks for.
 *
 * - Node's parser takes heads up to PARSER_MAX_HEAD bytes. Within that, a request line over
 *   MAX_URL_BYTES is answered 414 and headers over MAX_HEADERS_BYTES 431, in JSON, by
 *   `headLimits()`; past it, Node's parser gives up and `answerBrokenHeads()` answers 414, 431 or 400
 *   itself instead of dropping the connection.
 * - A response that ends the connection (`Connection: close`: a 413, a 414, a broken request)
 *   closes it gently: our side is shut after the answer is sent, and what the client is still
 *   sending is read and dropped for a while, so the client reads the answer instead of a reset
 *   (a close with unread data makes the kernel send a reset).
 */

export const MAX_URL_BYTES = 16 * 1024;
export const MAX_HEADERS_BYTES = 16 * 1024;
export const PARSER_MAX_HEAD = 64 * 1024;
/** How long a closing connection may keep sending before it is cut. */
const LINGER_MS = 2000;

const json = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' },
  });

/** 414 and 431 within what the parser took; and `Connection: close` on every 413, however it was made. */
export function headLimits(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const target = url.length - new URL(url).origin.length;
    if (target > MAX_URL_BYTES) return json(414, `URI Too Long: the limit is ${MAX_URL_BYTES} bytes`);
    let headerBytes = 0;
    c.req.raw.headers.forEach((v, k) => (headerBytes += k.length + v.length + 4));
    if (headerBytes > MAX_HEADERS_BYTES)
      return json(431, `Request Header Fields Too Large: the limit is ${MAX_HEADERS_BYTES} bytes`);
    await next();
    // The body was refused unread (a 413), or answered without being read (a 404 for an unknown
    // table, an auth error…): keeping the connection would read the rest as the next request, and
    // the HTTP adapter cuts such a connection after a short wait, so say so and close it gently.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (c.res.status === 413 || (incoming && !incoming.complete && hasBody(incoming))) {
      c.res.headers.set('Connection', 'close');
    }
  };
}

/** Whether a request announced a body (HTTP/2 streams have no connection to keep: their headers say nothing). */
function hasBody(req: IncomingMessage): boolean {
  if (req.httpVersionMajor !== 1) return false;
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Bytes before the first line break of a connection's first request, once it has come. */
const requestLineBytes = new WeakMap<Socket, number>();

function lingeringClose(this: Socket) {
  if (this.destroyed) return;
  this.end();
  const timer = setTimeout(() => this.destroy(), LINGER_MS);
  timer.unref();
  this.once('close', () => clearTimeout(timer));
  // Node's HTTP parser still reads (and drops) the rest of the body; the client's own close ends it.
}

/** Installs the gentle close and the answers to heads Node's parser cannot take. */
export function installConnectionHandling(server: HttpServer): void {
  server.on('connection', (socket: Socket & { destroySoon?: () => void }) => {
    // Node ends a `Connection: close` response's socket with destroySoon(): replace it with a
    // lingering close (HTTP/1.1 only; TLS sockets of HTTP/2 have their own session handling).
    if (typeof socket.destroySoon === 'function') socket.destroySoon = lingeringClose;
    // Whether the first request line has ended, to tell a long URL from long headers.
    let seen = 0;
    const watch = (chunk: Buffer) => {
      const at = chunk.indexOf('\n');
      if (at === -1) {
        seen += chunk.length;
        return;
      }
      requestLineBytes.set(socket, seen + at);
      socket.off('data', watch);
    };
    socket.on('data', watch);
  });
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    let status = 400;
    let reason = 'Bad Request';
    if (err.code === 'HPE_HEADER_OVERFLOW') {
      // Still in the request line (no line break yet, or a first line that is itself too long): 414.
      // The first request on the connection is watched from its first byte; a later one is judged
      // by the piece the parser choked on (the request line's end is ` HTTP/1.x` before a break).
      const line = requestLineBytes.get(socket);
      const packet = err.rawPacket?.toString('latin1') ?? '';
      const firstBreak = packet.indexOf('\r\n');
      const inRequestLine =
        line === undefined ||
        line > MAX_URL_BYTES ||
        (firstBreak !== -1 && / HTTP\/\d\.\d$/.test(packet.slice(0, firstBreak)) && firstBreak > MAX_URL_BYTES);
      [status, reason] = inRequestLine ? [414, 'URI Too Long'] : [431, 'Request Header Fields Too Large'];
    }
    const body = JSON.stringify({ message: reason });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    lingeringClose.call(socket);
    // The parser is gone: drop whatever else arrives.
    socket.resume();
  });
}
