import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../config.ts';
import { securePrivateFolder } from '../data-dir/permissions.ts';
import { openDb } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { migrate } from '../db/migrate.ts';
import { addOwner, listOwners, removeOwner } from '../auth/owners.ts';
import { SERVER_PID_FILE } from '../http/server.ts';

/**
 * `npm run owner -- add|list|remove <email>`: who may use /console, on the local product's database
 * (PGlite in DATA_DIR, or DATABASE_URL). On hosted Supabase the same is one SQL statement
 * (docs/deploy.md).
 */
const USAGE = `Usage: npm run owner -- add <email>     grant the owner role (makes the account if there is none;
                                        an existing one gets a new password and is signed out everywhere)
       npm run owner -- remove <email>  take it away (the account stays)
       npm run owner -- list            who holds it`;

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!command || !['add', 'remove', 'list'].includes(command) || (command !== 'list' && !email)) {
    console.error(USAGE);
    return 2;
  }
  const config = parseConfig(process.env);
  if (!config.databaseUrl) {
    // PGlite is one process's database: while npm start holds the folder, it must not be opened.
    const pidFile = path.join(config.dataDir, SERVER_PID_FILE);
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : NaN;
    if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
      console.error(
        `The server (process ${pid}) is using the database in ${config.dataDir}. ` +
          'Stop it (Ctrl+C), run this command, then start it again.',
      );
      return 1;
    }
  }
  securePrivateFolder(config.dataDir, (line) => console.log(line.trim()));
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, fsync: config.fsync });
  try {
    await migrate(db);
    if (command === 'list') {
      const owners = await db.tx(null, (sql) => listOwners(sql));
      if (owners.length === 0) console.log('No account holds the owner role.');
      for (const o of owners) console.log(`${o.email}\tsince ${o.granted_at}`);
      return 0;
    }
    if (command === 'add') {
      const r = await db.tx(null, (sql) => addOwner(sql, email!));
      if (r.created) {
        console.log(`Made the account ${r.email} and made it the owner.`);
        console.log(`  password: ${r.password}  (shown once: sign in at /console and keep it safe)`);
      } else if (r.existing) {
        // Anyone could have signed this address up: its password was replaced and its sessions ended.
        console.log(`The account ${r.email} already existed (made ${r.existing.createdAt}); it is now the owner.`);
        console.log(
          `  Whoever made it can no longer sign in: its password was replaced and ${r.existing.sessionsEnded} ` +
            `session${r.existing.sessionsEnded === 1 ? '' : 's'} signed out.`,
        );
        console.log(`  new password: ${r.password}  (shown once: sign in at /console and keep it safe)`);
      } else {
        console.log(`${r.email} already holds the owner role.`);
      }
      return 0;
    }
    const removed = await db.tx(null, (sql) => removeOwner(sql, email!));
    console.log(removed ? `${email} no longer holds the owner role.` : `${email} did not hold the owner role.`);
    return removed ? 0 : 1;
  } catch (err) {
    if (err instanceof ApiError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  } finally {
    await db.close();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
