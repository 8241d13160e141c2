import fs from 'node:fs';
import { openPglite } from '../../src/db/index.ts';

/**
 * Run under strace by server/test/fsync.test.ts: opens a PGlite folder as the server does, then
 * makes `COMMITS` commits and as many reads, each group between two marker lines on stderr, so
 * the flushes each group made can be counted in strace's log. Then `COMMITS` single-statement
 * inserts at once through Db.once (group commit), with a marker when the first is answered.
 * argv: folder, fsync (true|false).
 */
const [dataDir, fsyncArg] = process.argv.slice(2);
const COMMITS = 10;
const db = await openPglite(dataDir!, { fsync: fsyncArg === 'true' });
await db.exec('create table if not exists t (id serial primary key, note text)');
const mark = (name: string) => fs.writeSync(2, `@@${name}@@\n`);
mark('commits-start');
for (let i = 0; i < COMMITS; i++) {
  await db.tx(null, (sql) => sql('insert into t (note) values ($1)', [`row ${i}`]));
}
mark('commits-end');
for (let i = 0; i < COMMITS; i++) {
  await db.tx(null, (sql) => sql('select count(*) from t'));
}
mark('reads-end');
await db.exec(`do $$ begin if not exists (select from pg_roles where rolname = 'service_role') then create role service_role; end if; end $$;
  grant insert on t to service_role; grant usage on sequence t_id_seq to service_role`);
mark('once-start');
let answered = false;
await Promise.all(
  Array.from({ length: COMMITS }, (_, i) =>
    db
      .once({ role: 'service_role' }, (sql) => sql('insert into t (note) values ($1)', [`once ${i}`]))
      .then(() => {
        if (!answered) mark('first-answer');
        answered = true;
      }),
  ),
);
mark('once-end');
await db.close();
