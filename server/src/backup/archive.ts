import {
  createCipheriv,
  createDecipheriv,
  createHash,
  type CipherGCM,
  type DecipherGCM,
  randomBytes,
  scrypt as scryptCb,
  type ScryptOptions,
} from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/**
 * The backup file (docs/decisions/0020-backups-and-durability.md): a gzip-compressed tar archive
 * whose last entry is `manifest.json`; with a passphrase, that whole archive encrypted with
 * AES-256-GCM under a key scrypt derives from the passphrase. Gzip's CRC and length, the manifest's
 * SHA-256 of every entry and, when encrypted, GCM's tag each refuse a damaged or truncated file.
 *
 * Without a passphrase the file is an ordinary `.tar.gz` (`tar xzf` shows what is in it).
 */

export const FORMAT = 'chef-site-backup';
export const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  product: { name: string; version: string };
  database: { kind: 'pglite' | 'postgres'; serverVersion: string; dumpedBy: string };
  /** Versions in supabase_migrations.schema_migrations, oldest first; the level is the last. */
  migrations: string[];
  migrationLevel: string;
  /** Rows per table (`schema.table`), every table of every schema the product's database has. */
  tables: Record<string, number>;
  /** MD5 of each table's rows as text, sorted byte-wise (server/src/backup/snapshot.ts). */
  checksums: Record<string, string>;
  /** Objects and their bytes per bucket. */
  buckets: Record<string, { objects: number; bytes: number }>;
  /** Every other entry of the archive: its size and SHA-256 (hex). */
  entries: Record<string, { size: number; sha256: string }>;
}

/** An entry to write: its path in the archive and its bytes. */
export interface Entry {
  name: string;
  bytes: Buffer;
}

/** What the backup holds, besides the photos. */
export const DATA_SQL = 'database/data.sql';
export const SCHEMA_SQL = 'database/schema.sql';
export const KEYS_JSON = 'keys.json';
export const MANIFEST_JSON = 'manifest.json';
export const STORAGE_PREFIX = 'storage/';

const MAGIC = Buffer.from('CHEFBAK\x01', 'latin1');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** scrypt's cost: about 0.1 s and 32 MB per key on a small machine; a guess costs the same. */
const SCRYPT: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(passphrase.normalize('NFC'), salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Writes the archive to `file` (created 0600, never replacing a file), the entries from `entries`
 * one at a time, then the manifest with every entry's checksum. `complete(entries)` makes the
 * manifest once every entry is written.
 */
export async function writeArchive(
  file: string,
  entries: AsyncIterable<Entry>,
  complete: (written: Manifest['entries']) => Manifest,
  opts: { passphrase?: string } = {},
): Promise<Manifest> {
  const pack = tar.pack();
  const stages: NodeJS.ReadWriteStream[] = [zlib.createGzip()];
  let cipher: CipherGCM | undefined;
  let header: Buffer | undefined;
  if (opts.passphrase) {
    const salt = randomBytes(SALT_BYTES);
    const iv = randomBytes(IV_BYTES);
    cipher = createCipheriv('aes-256-gcm', await deriveKey(opts.passphrase, salt), iv);
    header = Buffer.concat([MAGIC, salt, iv]);
    // The header is authenticated too: a changed salt or IV fails the tag.
    cipher.setAAD(header);
    stages.push(cipher);
  }
  const sink = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
  if (header) sink.write(header);
  const written = pipeline(pack, ...(stages as [NodeJS.ReadWriteStream]), sink);
  const sums: Manifest['entries'] = {};
  let manifest: Manifest | undefined;
  const produce = async () => {
    for await (const e of entries) {
      await addEntry(pack, e);
      sums[e.name] = { size: e.bytes.length, sha256: sha256(e.bytes) };
    }
    manifest = complete(sums);
    await addEntry(pack, { name: MANIFEST_JSON, bytes: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') });
    pack.finalize();
  };
  await Promise.all([
    produce().catch((err: unknown) => {
      pack.destroy(err as Error);
      throw err;
    }),
    written,
  ]);
  const out = await fsp.open(file, 'a');
  try {
    if (cipher) await out.write(cipher.getAuthTag());
    await out.sync();
  } finally {
    await out.close();
  }
  return manifest!;
}

function addEntry(pack: tar.Pack, e: Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name: e.name, size: e.bytes.length, mode: 0o600, mtime: new Date(0) }, e.bytes, (err) =>
      err ? reject(err) : resolve(),
    );
  });
}

/** Whether the file starts as an encrypted backup does. */
export async function isEncrypted(file: string): Promise<boolean> {
  const fh = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await fh.close();
  }
}

/** A name the archive may hold: one of ours, or a photo under storage/ with no way out of its folder. */
function allowedName(name: string): boolean {
  if ([DATA_SQL, SCHEMA_SQL, KEYS_JSON, MANIFEST_JSON].includes(name)) return true;
  if (!name.startsWith(STORAGE_PREFIX)) return false;
  const parts = name.slice(STORAGE_PREFIX.length).split('/');
  return (
    parts.length >= 2 &&
    parts.every((p) => p !== '' && p !== '.' && p !== '..' && !p.includes('\0') && !p.includes('\\'))
  );
}

/**
 * Reads and checks the whole archive into `dir` (a new, private folder) before anything else is
 * done with it: every entry's size and SHA-256 against the manifest, the manifest last, nothing
 * missing, nothing extra. Throws BackupFileError with a message for the person restoring.
 */
export async function readArchive(file: string, dir: string, opts: { passphrase?: string } = {}): Promise<Manifest> {
  let st: fs.Stats;
  try {
    st = await fsp.stat(file);
  } catch {
    throw new BackupFileError(`Cannot read the backup file ${file}.`);
  }
  if (!st.isFile()) throw new BackupFileError(`${file} is not a file.`);
  const encrypted = await isEncrypted(file);
  if (encrypted && !opts.passphrase) {
    throw new BackupFileError(
      `${file} is encrypted: give its passphrase (BACKUP_PASSPHRASE, or --passphrase-file FILE).`,
    );
  }
  let source: Readable;
  let decipher: DecipherGCM | undefined;
  if (encrypted) {
    const headerBytes = MAGIC.length + SALT_BYTES + IV_BYTES;
    if (st.size < headerBytes + TAG_BYTES)
      throw new BackupFileError(`${file} is damaged or cut short: it is too small to be a backup.`);
    const fh = await fsp.open(file, 'r');
    const header = Buffer.alloc(headerBytes);
    const tag = Buffer.alloc(TAG_BYTES);
    try {
      await fh.read(header, 0, headerBytes, 0);
      await fh.read(tag, 0, TAG_BYTES, st.size - TAG_BYTES);
    } finally {
      await fh.close();
    }
    const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
    const iv = header.subarray(MAGIC.length + SALT_BYTES);
    decipher = createDecipheriv('aes-256-gcm', await deriveKey(opts.passphrase!, salt), iv);
    decipher.setAAD(header);
    decipher.setAuthTag(tag);
    source = fs.createReadStream(file, { start: headerBytes, end: st.size - TAG_BYTES - 1 });
  } else {
    source = fs.createReadStream(file);
  }

  // Decrypted bytes are not trusted until the tag checks: they go to a private file first, and
  // only once GCM accepted the whole file are they unpacked.
  if (decipher) {
    const plain = path.join(dir, 'archive.tar.gz');
    try {
      await pipeline(source, decipher, fs.createWriteStream(plain, { flags: 'wx', mode: 0o600 }));
    } catch {
      throw new BackupFileError(`Wrong passphrase, or ${file} is damaged: it does not decrypt.`);
    }
    source = fs.createReadStream(plain);
  }
  const extract = tar.extract();
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | undefined;
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    // An entry refused below is destroyed with the archive's error; that error is the pipeline's
    // to report, not an uncaught one that ends the process and leaves the work folder behind.
    stream.on('error', () => {});
    const fail = (msg: string) => {
      stream.resume();
      next(new BackupFileError(msg));
    };
    if (header.type !== 'file')
      return fail(`${file} holds an entry that is not a file (${name}): not a backup made by this product.`);
    if (!allowedName(name) || found.has(name))
      return fail(`${file} holds an unexpected entry (${name}): not a backup made by this product.`);
    if (manifestBytes) return fail(`${file} holds entries after its manifest: not a backup made by this product.`);
    const hash = createHash('sha256');
    let size = 0;
    const chunks: Buffer[] = [];
    const target = path.join(dir, 'entries', name);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const toFile = name === MANIFEST_JSON ? undefined : fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        size += chunk.length;
        if (!toFile) chunks.push(chunk);
        cb(null, chunk);
      },
    });
    pipeline(stream, counter, toFile ?? new PassThrough().resume()).then(
      () => {
        found.set(name, { size, sha256: hash.digest('hex') });
        if (name === MANIFEST_JSON) manifestBytes = Buffer.concat(chunks);
        next();
      },
      (err: unknown) => next(err as Error),
    );
  });
  try {
    await pipeline(source, zlib.createGunzip(), extract);
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    const msg = (err as Error).message;
    throw new BackupFileError(`${file} is damaged or cut short (${msg}).`);
  }
  if (!manifestBytes) throw new BackupFileError(`${file} is cut short: its manifest (the last entry) is missing.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
  } catch {
    throw new BackupFileError(`${file} is damaged: its manifest is not readable.`);
  }
  if (manifest.format !== FORMAT) throw new BackupFileError(`${file} is not a backup made by this product.`);
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupFileError(
      `${file} was made by a newer version of this product (backup format ${manifest.formatVersion}); update the code first.`,
    );
  }
  const listed = Object.entries(manifest.entries ?? {});
  for (const [name, want] of listed) {
    const got = found.get(name);
    if (!got) throw new BackupFileError(`${file} is damaged: ${name} is listed in its manifest but missing.`);
    if (got.size !== want.size || got.sha256 !== want.sha256) {
      throw new BackupFileError(`${file} is damaged: ${name} does not match its checksum.`);
    }
  }
  for (const name of found.keys()) {
    if (name !== MANIFEST_JSON && !manifest.entries[name])
      throw new BackupFileError(`${file} is damaged: ${name} is not in its manifest.`);
  }
  return manifest;
}

/** The path of an extracted entry. */
export function entryPath(dir: string, name: string): string {
  return path.join(dir, 'entries', name);
}
