import Busboy, { type BusboyInstance } from '@fastify/busboy';

/**
 * A `multipart/form-data` upload as Supabase Storage reads it: the first file part (supabase-js
 * names it `''`) and the text fields; a part is a file when it has a `filename` (as FormData and
 * `Response.formData()` read it). Parsed by @fastify/busboy over the body already read within its limit
 * (upload-body.ts); the file's bytes are a view of that body, not a copy, so an upload costs its
 * size in memory once (docs/decisions/0030-static-and-multipart-libraries.md).
 */
export interface MultipartUpload {
  /** Undefined: no file part. */
  file: { bytes: Buffer; type: string } | undefined;
  /** The first value of each text field, as `FormData.get` gives it. */
  fields: Map<string, string>;
}

export class MultipartError extends Error {}

export function parseMultipart(body: Uint8Array, contentType: string): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: { 'content-type': contentType },
        // The body is already bounded: no field is cut short (the default would cut at 1 MB).
        limits: { fieldSize: body.byteLength },
        isPartAFile: (_name, _type, filename) => filename !== undefined,
      });
    } catch (err) {
      // No boundary, or not multipart at all.
      reject(new MultipartError((err as Error).message));
      return;
    }
    const fields = new Map<string, string>();
    let file: { chunks: Buffer[]; type: string } | undefined;
    const fail = (message: string) => reject(new MultipartError(message));
    parser.on('field', (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (_name, stream, _filename, _encoding, type) => {
      // A body cut off inside a file part errors its stream too; without a listener that would be
      // an uncaught exception. The parser's own 'error' says the same and rejects.
      stream.on('error', () => {});
      if (file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      file = { chunks, type };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    });
    parser.on('error', (err: Error) => fail(err.message));
    parser.on('finish', () => {
      if (!file) return resolve({ file: undefined, fields });
      // The parser hands the file over as one view of the body when it is given the body in one piece.
      const bytes = file.chunks.length === 1 ? file.chunks[0]! : Buffer.concat(file.chunks);
      resolve({ file: { bytes, type: file.type }, fields });
    });
    parser.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
}
