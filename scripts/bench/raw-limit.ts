import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * The machine's raw limit for the API figures of `npm run bench`: a bare `node:http` server, in a
 * process of its own as the product is, answering a fixed JSON body (the product's own answer to
 * the recipe list, so the bytes on the wire are the same), loaded by the same autocannon in the
 * same run. The API figures are then printed beside it with their ratio: on a shared machine the
 * absolute numbers move with the neighbours, the ratio much less.
 */
export interface RawLimit {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bodyBytes: number;
}

const SERVER = `
const http = require('node:http');
const body = Buffer.from(process.env.RAW_BODY);
const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

export async function rawLimit(body: string, connections: number, duration: number): Promise<RawLimit> {
  const proc = spawn(process.execPath, ['-e', SERVER], {
    env: { ...process.env, RAW_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /port (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      proc.once('exit', () => reject(new Error('the raw-limit server exited')));
    });
    const r = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: `http://127.0.0.1:${port}/`, connections, duration }, (err, res) =>
        err ? reject(err) : resolve(res),
      ),
    );
    return {
      connections,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      bodyBytes: Buffer.byteLength(body),
    };
  } finally {
    proc.kill();
  }
}

/** `figures` (name → {rps, …}) with each one's share of the raw limit at the same connection count. */
export function withRatio<F extends { rps: number }>(
  figures: Record<string, F>,
  limits: RawLimit[],
): Record<string, F & { ofRawLimit: string }> {
  const out: Record<string, F & { ofRawLimit: string }> = {};
  for (const [name, f] of Object.entries(figures)) {
    const conn = Number(/(\d+) conn/.exec(name)?.[1]);
    const limit = limits.find((l) => l.connections === conn) ?? limits[0];
    out[name] = { ...f, ofRawLimit: limit ? `${((f.rps / limit.rps) * 100).toFixed(1)} %` : '-' };
  }
  return out;
}
