import fs from 'node:fs';
import path from 'node:path';
import { SERVER_PID_FILE, startServer } from './http/server.ts';

/** `npm start`'s server: configuration from the environment, keys printed, clean shutdown. */
async function main() {
  const started = Date.now();
  const server = await startServer({ log: (line) => console.log(line) });
  const { config } = server;
  const serviceKeyFile = path.join(config.dataDir, 'service-key');
  fs.writeFileSync(serviceKeyFile, server.serviceKey + '\n', { mode: 0o600 });
  fs.chmodSync(serviceKeyFile, 0o600);
  const pidFile = path.join(config.dataDir, SERVER_PID_FILE);
  fs.writeFileSync(pidFile, `${process.pid}\n`);

  console.log(`\nReady in ${Date.now() - started} ms on ${server.url}`);
  console.log(
    `  database:     ${server.db.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  const { backup } = config;
  console.log(
    `  backups:      ${backup.intervalHours > 0 ? `every ${backup.intervalHours} h into ${backup.dir} (newest ${backup.keep} kept${backup.passphrase ? ', encrypted' : ''})` : 'not scheduled (BACKUP_INTERVAL_HOURS=0)'}; npm run backup makes one now`,
  );
  console.log(
    `  site:         ${fs.existsSync(config.staticDir) ? config.staticDir : `${config.staticDir} (missing: build the site first)`}`,
  );
  console.log(`  Supabase URL: ${server.url}`);
  console.log(`  anon key:     ${server.anonKey}`);
  if (config.printServiceKey) {
    console.log(`  service key:  ${server.serviceKey}`);
  } else {
    console.log(`  service key:  in ${serviceKeyFile} (or set PRINT_SERVICE_KEY=true)`);
  }
  if (server.demoOwner) {
    // Shown this once: the database keeps only its hash.
    console.log(`\n  Chef's console: ${server.url}/console`);
    console.log(`    owner e-mail: ${server.demoOwner.email}`);
    console.log(
      `    password:     ${server.demoOwner.password}  (shown only now; \`npm run owner -- add <email>\` makes another owner)`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    fs.rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
