import busboy from 'busboy';

/**
 * A `multipart/form-data` upload as Supabase Storage reads it: the first file part (supabase-js
 * names it `''`) and the text fields. A part is a file when it has a file name or the type
 * `application/octet-stream`: busboy's rule, which hosted Storage follows too (it parses with
 * busboy's fork). Parsed by busboy over the body already read within its limit
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
    let parser: busboy.Busboy;
    try {
      // The body is already bounded: no field is cut short (busboy's default would cut at 1 MB).
      parser = busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: body.byteLength } });
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
    parser.on('file', (_name, stream, info) => {
      // A body cut off inside a file part errors its stream too; without a listener that would be
      // an uncaught exception. The parser's own 'error' says the same and rejects.
      stream.on('error', () => {});
      if (file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      file = { chunks, type: info.mimeType };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    });
    parser.on('error', (err: Error) => fail(err.message));
    parser.on('close', () => {
      if (!file) return resolve({ file: undefined, fields });
      // busboy hands the file over as one view of the body when it is given the body in one piece.
      const bytes = file.chunks.length === 1 ? file.chunks[0]! : Buffer.concat(file.chunks);
      resolve({ file: { bytes, type: file.type }, fields });
    });
    parser.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
}
