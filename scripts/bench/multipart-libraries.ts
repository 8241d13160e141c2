import { Readable } from 'node:stream';
import { parseUpload, readBodyLimited } from '../../server/src/storage/upload-body.ts';
import { bytes, libs, median, option } from './library-bench.ts';

// The multipart part of static-libraries.ts (its usage says what it measures).

const BOUNDARY = '----formdata-undici-0123456789';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
/** What supabase-js sends: the `cacheControl` field, `metadata`, then the file in a part named ''. */
function multipartBody(file: Buffer): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(field('cacheControl', '3600') + field('metadata', JSON.stringify({ caption: 'Stuffed pineapples' }))),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
/** The body as it arrives from a socket: 64 kB at a time. */
function* chunks(body: Buffer) {
  for (let i = 0; i < body.length; i += 65536) yield body.subarray(i, i + 65536);
}

interface Parsed {
  bytes: number;
  cacheControl: string | undefined;
  metadata: string | undefined;
}
type BusboyLike = NodeJS.WritableStream & {
  on(event: 'file', cb: (name: string, stream: Readable & { truncated?: boolean }, info: unknown) => void): BusboyLike;
  on(event: 'field', cb: (name: string, value: string) => void): BusboyLike;
  on(event: 'close' | 'finish' | 'error', cb: (err?: Error) => void): BusboyLike;
};

/** `read`: how many bytes of the body the parser took before it answered (a refusal stops early). */
async function parseWith(parser: string, body: Buffer, limit: number): Promise<Parsed & { read: number }> {
  let read = 0;
  if (parser === 'formdata' || parser === 'ours') {
    const it = chunks(body);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = it.next();
        if (next.done) return controller.close();
        read += next.value.length;
        controller.enqueue(next.value);
      },
    });
    const req = new Request('http://bench/upload', {
      method: 'POST',
      headers: { 'content-type': CONTENT_TYPE },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    try {
      // Both read the body as server/src/storage/upload.ts does: within the limit and the envelope's allowance.
      const raw = await readBodyLimited(req, limit + 64 * 1024);
      if (parser === 'ours') {
        // The product's parse (@fastify/busboy over the bounded body: server/src/storage/multipart.ts).
        const file = await parseUpload(req, raw);
        if (file.bytes.byteLength > limit) throw new Error('too large');
        return {
          bytes: file.bytes.byteLength,
          cacheControl: file.cacheControl,
          metadata: JSON.stringify(file.userMetadata),
          read,
        };
      }
      // The parse before decision 0030: undici's FormData (Node's built-in `Response.formData()`).
      const form = await new Response(raw as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': CONTENT_TYPE },
      }).formData();
      const file = [...form.values()].find((v): v is File => typeof v !== 'string');
      const bytes = new Uint8Array(await file!.arrayBuffer());
      if (bytes.byteLength > limit) throw new Error('too large');
      return {
        bytes: bytes.byteLength,
        cacheControl: String(form.get('cacheControl')),
        metadata: String(form.get('metadata')),
        read,
      };
    } catch (err) {
      throw Object.assign(err as Error, { read });
    }
  }
  const source = Readable.from(
    (function* () {
      for (const c of chunks(body)) {
        read += c.length;
        yield c;
      }
    })(),
  );
  const make =
    parser === 'busboy'
      ? (libs('busboy') as (o: object) => BusboyLike)
      : (o: object) => new (libs('@fastify/busboy') as new (o: object) => BusboyLike)(o);
  const bb = make({
    headers: { 'content-type': CONTENT_TYPE },
    limits: { fileSize: limit, files: 1, fields: 10, fieldSize: 16 * 1024 },
  });
  return new Promise<Parsed & { read: number }>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const parts: Buffer[] = [];
    let size = 0;
    let fail: Error | undefined;
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (_name, stream) => {
      stream.on('data', (c: Buffer) => {
        parts.push(c);
        size += c.length;
      });
      stream.on('limit', () => {
        fail = new Error('too large');
        source.unpipe();
        source.destroy();
        reject(fail);
      });
    });
    bb.on('error', reject);
    bb.on(parser === 'busboy' ? 'close' : 'finish', () => {
      if (fail) return;
      const file = Buffer.concat(parts, size);
      resolve({ bytes: file.length, cacheControl: fields.cacheControl, metadata: fields.metadata, read });
    });
    source.pipe(bb);
  }).catch((err: Error) => {
    throw Object.assign(err, { read });
  });
}

export async function benchMultipart(parser: string) {
  const mb = option('mb', 10);
  const runs = option('runs', 20);
  const file = bytes(mb * 1024 * 1024, 11);
  const body = multipartBody(file);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await parseWith(parser, body, 50 * 1024 * 1024);
    times.push(performance.now() - t);
    if (r.bytes !== file.length) throw new Error(`${parser} returned ${r.bytes} bytes, not ${file.length}`);
    if (i === 0) console.log(`${parser}: file ${r.bytes} B, cacheControl ${r.cacheControl}, metadata ${r.metadata}`);
  }
  console.log(
    `${parser}: ${mb} MB upload parsed in ${median(times).toFixed(1)} ms (median of ${runs}; min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`,
  );
  const limit = 10 * 1024 * 1024;
  const over = multipartBody(bytes(limit + 1024 * 1024, 13));
  try {
    await parseWith(parser, over, limit);
    console.log(`${parser}: an upload over the limit was ACCEPTED`);
  } catch (err) {
    const read = (err as { read?: number }).read ?? NaN;
    console.log(
      `${parser}: 11 MB upload against a 10 MB limit refused after reading ${(read / 1024 / 1024).toFixed(2)} MB of ${(over.length / 1024 / 1024).toFixed(2)} MB (${(err as Error).message})`,
    );
  }
}

export const PARSERS = ['formdata', 'ours', 'busboy', 'fastify-busboy'];
