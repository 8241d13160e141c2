import fs from 'node:fs';
import path from 'node:path';
import type { Server as HttpServer } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createSecureContext } from 'node:tls';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { securePrivateFolder } from '../data-dir/permissions.ts';
import { parseConfig, type Config } from '../config.ts';
import type { AppContext } from './context.ts';
import { openDb, type Db } from '../db/index.ts';
import { createKeys, loadSecret } from '../data-dir/keys.ts';
import { installConnectionHandling, PARSER_MAX_HEAD } from './limits.ts';
import { migrate } from '../db/migrate.ts';
import { startMailSender } from '../mail/sender.ts';
import { senderDomain } from '../calendar/feed.ts';
import { addOwner, DEMO_OWNER_EMAIL } from '../auth/owners.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';
import { objectFiles, scheduleTempSweep, type Committed } from '../storage/files.ts';
import { scheduleOrphanSweep } from '../storage/orphans.ts';
import { startBackupService, type BackupService } from '../backup/service.ts';
import { site } from '../../../content/site.ts';
import { startSitePublisher, type SitePublisher } from '../site/publisher.ts';

export interface StartOptions {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  staticDir: string;
  seed: boolean;
  /** Environment to read the rest of the configuration from (default: process.env). */
  env: Record<string, string | undefined>;
  /** Where start-up lines go (default: nowhere). */
  log: (line: string) => void;
}

/** Written by `npm start` into DATA_DIR while it runs (the owner command reads it). */
export const SERVER_PID_FILE = 'server.pid';

export interface RunningServer {
  url: string;
  /**
   * On the start that seeded a fresh database: the demo owner account and its generated password,
   * to show once (it is stored only as a bcrypt hash).
   */
  demoOwner?: { email: string; password: string };
  anonKey: string;
  serviceKey: string;
  db: Db;
  config: Config;
  /** Backups: the schedule and the control socket (server/src/backup/service.ts). */
  backups: BackupService;
  /** The chef's publications rendered into the live site (server/src/site/publisher.ts). */
  site: SitePublisher;
  close(): Promise<void>;
}

/** Reads the certificate and key named by TLS_CERT_FILE and TLS_KEY_FILE, or says which one it could not. */
function readTls({ certFile, keyFile }: { certFile: string; keyFile: string }) {
  const read = (setting: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (err) {
      throw new Error(`${setting}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  };
  const pair = { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
  try {
    createSecureContext(pair);
  } catch (err) {
    throw new Error(
      `TLS_CERT_FILE / TLS_KEY_FILE: not a PEM certificate and its private key (${(err as Error).message})`,
    );
  }
  return pair;
}

/**
 * Opens the database, applies the bootstrap, the migrations and (on a fresh database, when asked)
 * the seed, makes the keys and listens. Options override what the environment says.
 */
export async function startServer(opts: Partial<StartOptions> = {}): Promise<RunningServer> {
  const base = parseConfig(opts.env ?? process.env);
  const config: Config = {
    ...base,
    port: opts.port ?? base.port,
    host: opts.host ?? base.host,
    dataDir: opts.dataDir ?? base.dataDir,
    databaseUrl: opts.databaseUrl ?? base.databaseUrl,
    staticDir: opts.staticDir ?? base.staticDir,
    seed: opts.seed ?? base.seed,
  };
  const log = opts.log ?? (() => {});
  const mailConfig = config.mail;
  const tls = config.tls && readTls(config.tls);
  securePrivateFolder(config.dataDir, log);

  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, fsync: config.fsync });
  let demoOwner: RunningServer['demoOwner'];
  try {
    const migrated = await migrate(db, { seed: config.seed, log });
    // The business's time zone (content/site.ts) is the database's too: its "today" and the calendar's
    // days (docs/decisions/0021-calendar.md). Hosted Supabase: the statement in docs/deploy.md.
    await db.tx(null, (sql) =>
      sql('update public.calendar_settings set time_zone = $1 where time_zone is distinct from $1', [site.timeZone]),
    );
    if (migrated.seeded) {
      const made = await db.tx(null, (sql) => addOwner(sql, DEMO_OWNER_EMAIL));
      if (made.password) demoOwner = { email: made.email, password: made.password };
    }
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  const jwtSecret = loadSecret(config.dataDir, config.jwtSecret);
  const keys = await createKeys(jwtSecret);
  securePrivateFolder(config.dataDir);
  // Temp files that uploads cut off by a crash left, before any new upload can start.
  const files = objectFiles(config.dataDir);
  const committed = objectCommitted(db);
  await files.sweepCrashed({ atStart: true, committed });
  // The chef's publications: rendered on publish into DATA_DIR/site and served instead of the build's pages.
  const sitePublisher = await startSitePublisher({
    db,
    dataDir: config.dataDir,
    buildDir: path.dirname(path.resolve(config.staticDir)),
    log,
  });
  const ctx: AppContext = {
    config,
    db,
    keys,
    site: sitePublisher,
    rateLimiter: createMemoryRateLimiter(),
    mailConfigured: Boolean(mailConfig.smtpUrl),
    mailDomain: senderDomain(mailConfig.from),
  };
  const app = createApp(ctx);

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listen = { fetch: app.fetch, port: config.port, hostname: config.host };
    // With a certificate: HTTPS with HTTP/2, so a page's stylesheet, fonts, scripts and images share
    // one connection; HTTP/1.1 clients still get answers (allowHTTP1).
    // Heads up to PARSER_MAX_HEAD bytes are parsed so that long URLs and headers get a 414 or 431
    // (server/src/http/limits.ts) instead of a dropped connection.
    const s = tls
      ? serve(
          {
            ...listen,
            createServer: http2.createSecureServer,
            serverOptions: { ...tls, allowHTTP1: true, maxHeaderSize: PARSER_MAX_HEAD },
          },
          () => resolve(s),
        )
      : serve({ ...listen, serverOptions: { maxHeaderSize: PARSER_MAX_HEAD } }, () => resolve(s));
    installConnectionHandling(s as unknown as HttpServer);
    s.once('error', reject);
  });
  // HTTP/2 sessions stay open between requests; close() ends them (HTTP/1.1 keep-alives: below).
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const address = server.address() as AddressInfo;
  const shownHost =
    config.host === '0.0.0.0' || config.host === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  const url = `${tls ? 'https' : 'http'}://${shownHost}:${address.port}`;
  // Photos whose recipe was never stored go after an hour; checked every 15 minutes.
  const stopSweep = scheduleOrphanSweep(db, files, 3600, 900);
  // Temp files of uploads cut off by a crash (swept once before listening, above): every minute.
  const stopTempSweep = scheduleTempSweep(files, 60, committed);
  // E-mail: the outbox the database fills is drained over SMTP (server/src/mail/).
  const mail = startMailSender(db, mailConfig, { siteUrl: config.siteUrl ?? url, log });
  const backups = await startBackupService({
    db,
    config,
    keys: { jwtSecret, anonKey: keys.anonKey, serviceKey: keys.serviceKey },
    log,
  });

  let closing: Promise<void> | undefined;
  return {
    url,
    demoOwner,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    db,
    config,
    backups,
    site: sitePublisher,
    close() {
      closing ??= (async () => {
        await backups.stop();
        await sitePublisher.stop();
        await stopSweep();
        await stopTempSweep();
        await mail.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open; end the idle ones now.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
          for (const session of sessions) session.close();
        });
        await db.close();
        securePrivateFolder(config.dataDir);
      })();
      return closing;
    },
  };
}

/** Whether an upload's row committed: the object's row has the version its upload wrote. */
function objectCommitted(db: Db): Committed {
  return async (bucket, name, version) => {
    const { rows } = await db.tx(null, (sql) =>
      sql(`select 1 from storage.objects where bucket_id = $1 and name = $2 and version = $3`, [bucket, name, version]),
    );
    return rows.length > 0;
  };
}
