import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/** What happened, in order: each transaction's commit, each flush, each answer. */
function recorder() {
  const log: string[] = [];
  const group = new GroupCommit(async () => {
    log.push('flush');
  });
  const tx =
    (name: string, fail = false) =>
    async () => {
      // As PGlite: the statement runs while the caller waits on a promise.
      await Promise.resolve();
      if (fail) throw new Error(`${name} rolled back`);
      log.push(`commit ${name}`);
      return name;
    };
  const submit = (name: string, fail = false) =>
    group.submit(tx(name, fail)).then(
      (v) => log.push(`answer ${v}`),
      (err: Error) => log.push(`error ${err.message}`),
    );
  return { log, group, submit };
}

describe('GroupCommit', () => {
  it('answers transactions submitted together after one flush that follows all their commits', async () => {
    const { log, submit } = recorder();
    await Promise.all([submit('a'), submit('b'), submit('c')]);
    expect(log).toEqual(['commit a', 'commit b', 'commit c', 'flush', 'answer a', 'answer b', 'answer c']);
  });

  it('takes in a transaction submitted in the next turn of the event loop, before the flush', async () => {
    const { log, submit } = recorder();
    const first = submit('a');
    const later = new Promise<void>((resolve) => setImmediate(() => void submit('b').then(() => resolve())));
    await Promise.all([first, later]);
    expect(log).toEqual(['commit a', 'commit b', 'flush', 'answer a', 'answer b']);
  });

  it('answers a rolled-back transaction with its error at once, and flushes only for the others', async () => {
    const { log, submit } = recorder();
    await Promise.all([submit('a', true), submit('b')]);
    expect(log).toEqual(['error a rolled back', 'commit b', 'flush', 'answer b']);
    const alone = recorder();
    await alone.submit('x', true);
    expect(alone.log).toEqual(['error x rolled back']);
  });

  it('answers every transaction of the batch with the error when the flush fails, and goes on after it', async () => {
    let failNext = true;
    const log: string[] = [];
    const group = new GroupCommit(async () => {
      if (failNext) {
        failNext = false;
        throw new Error('fsync: EIO');
      }
      log.push('flush');
    });
    const results = await Promise.allSettled([group.submit(async () => 'a'), group.submit(async () => 'b')]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.value))).toEqual([
      'fsync: EIO',
      'fsync: EIO',
    ]);
    expect(await group.submit(async () => 'c')).toBe('c');
    expect(log).toEqual(['flush']);
  });

  it('flushes at least once per 32 transactions, however many wait', async () => {
    const { log, submit } = recorder();
    await Promise.all(Array.from({ length: 70 }, (_, i) => submit(String(i))));
    expect(log.filter((l) => l === 'flush')).toHaveLength(3);
    // Nobody is answered before a flush that follows their commit.
    for (let i = 0; i < 70; i++) {
      const answer = log.indexOf(`answer ${i}`);
      const commit = log.indexOf(`commit ${i}`);
      expect(log.slice(commit, answer)).toContain('flush');
    }
  });
});
