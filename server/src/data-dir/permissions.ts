import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database (password hashes and visitors' details, in PGlite's files and its
 * write-ahead log), the signing secret, the service key and the uploaded photos: only the server's
 * own user may read or write any of it. PGlite sets modes of a few files itself (0644): the server
 * runs this again, quietly, once the database is open and migrated and after it closed. From here on the process makes files 0600 and folders 0700
 * (umask 077: PGlite and the photo store create theirs with the usual 0666 and 0777), and a folder
 * left open by an earlier version, a copy or an unpacked backup is closed once, with one log line.
 */
export function securePrivateFolder(dir: string, log: (line: string) => void = () => {}): void {
  if (process.platform === 'win32') {
    fs.mkdirSync(dir, { recursive: true });
    return;
  }
  try {
    process.umask(0o077);
  } catch {
    // A worker thread cannot set it (the process's main thread did, or the folder check below holds).
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const tighten = (p: string) => {
    const st = fs.lstatSync(p);
    // A link is not followed: what it points at is not ours to change.
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) {
      fs.chmodSync(p, st.mode & 0o700);
      tightened++;
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) tighten(path.join(p, name));
  };
  tighten(dir);
  if (tightened > 0) {
    log(`  data:         ${dir} was open to other users: ${tightened} files and folders are now this user's only`);
  }
}
