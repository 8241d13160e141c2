import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * On PGlite each commit's WAL reaches the disk before the commit is answered (server/src/db/index.ts):
 * strace counts the fsync/fdatasync calls that ten commits and ten reads make, in a process of
 * their own (server/test/support/fsync-commits.ts). Single-statement inserts made at once share one
 * flush, made before any of them is answered (server/src/db/group-commit.ts). PGLITE_FSYNC=false
 * (the documented trade of durability for speed) makes none.
 */

const script = path.resolve('server/test/support/fsync-commits.ts');
const folders: string[] = [];
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

function flushes(fsync: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-fsync-test-'));
  folders.push(dir);
  const log = path.join(dir, 'strace.log');
  const r = spawnSync(
    'strace',
    [
      '-f',
      '-e',
      'trace=fsync,fdatasync,sync_file_range,msync,write',
      '-e',
      'signal=none',
      '-o',
      log,
      process.execPath,
      '--import',
      'tsx',
      script,
      path.join(dir, 'pglite'),
      String(fsync),
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(r.status, r.stderr).toBe(0);
  // Between two markers: the flushing calls made (each line: pid, call, fd).
  const lines = fs.readFileSync(log, 'utf8').split('\n');
  const at = (name: string) => lines.findIndex((l) => l.includes(`@@${name}@@`));
  const between = (from: string, to: string) =>
    lines.slice(at(from) + 1, at(to)).filter((l) => /\b(fsync|fdatasync|sync_file_range|msync)\(/.test(l));
  expect(at('commits-start')).toBeGreaterThan(0);
  return {
    commits: between('commits-start', 'commits-end'),
    reads: between('commits-end', 'reads-end'),
    beforeFirstAnswer: between('once-start', 'first-answer'),
    afterFirstAnswer: between('first-answer', 'once-end'),
  };
}

describe('PGlite flushes each commit to the disk', () => {
  it('by default: one fsync of the WAL per commit, none for a read', () => {
    const { commits, reads } = flushes(true);
    expect(commits).toHaveLength(10);
    // All ten on one file descriptor: the WAL segment.
    expect(new Set(commits.map((l) => /\((\d+)\)/.exec(l)?.[1])).size).toBe(1);
    expect(reads).toHaveLength(0);
  });

  it('ten single-statement inserts at once (Db.once): one flush for all, before the first is answered', () => {
    const { beforeFirstAnswer, afterFirstAnswer } = flushes(true);
    expect(beforeFirstAnswer).toHaveLength(1);
    expect(afterFirstAnswer).toHaveLength(0);
  });

  it('with PGLITE_FSYNC=false: no flush at all', () => {
    const { commits, reads, beforeFirstAnswer, afterFirstAnswer } = flushes(false);
    expect(commits).toHaveLength(0);
    expect(reads).toHaveLength(0);
    expect([...beforeFirstAnswer, ...afterFirstAnswer]).toHaveLength(0);
  });
});
