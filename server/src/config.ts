import { z } from 'zod';
import path from 'node:path';
import { readEnv, type EnvRule } from './env.ts';
import { mailConfigFrom, mailEnvRules, mailEnvShape, type MailConfig } from './mail/settings.ts';
import { stripeConfigFrom, stripeEnvRules, stripeEnvShape, type StripeConfig } from './stripe/settings.ts';

/**
 * Every setting of the server, the mail sender's included, parsed once from the environment
 * (docs/configuration.md). A bad value fails start-up with one message naming every problem.
 * No other module of server/src reads a variable of its own: they take the parsed values.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * PGlite only: flush each commit to the disk before answering (PostgreSQL's default). `false`
   * trades durability for speed: a power cut can lose the last commits and damage the folder.
   */
  PGLITE_FSYNC: z.enum(['true', 'false']).default('true'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Public URL of the site, for the links in e-mails (default: the server's own URL) and in the calendar feed (default: the request's origin). */
  SITE_URL: z.string().url().optional(),
  JWT_EXPIRY: z.coerce.number().int().min(60).default(3600),
  /** GoTrue-like rate limits: requests per window per client address. */
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_SIGN_UP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /** Rows a visitor inserts per window per client address into each public form's table, and uploads (server/src/rest/abuse.ts). */
  RATE_LIMIT_INSERTS: z.coerce.number().int().min(1).default(30),
  /** Password hashes (bcrypt) running at once in libuv's pool; default: one fewer than the cores, at least one. */
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** How long a password bcrypt accepted is remembered (server/src/auth/passwords.ts); 0 turns it off. */
  PASSWORD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  STATIC_DIR: z.string().default('build/client'),
  /** Where `npm run backup` and the scheduled backups write their dated files. */
  BACKUP_DIR: z.string().default('backups'),
  /** Hours between scheduled backups; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** How many scheduled backups BACKUP_DIR keeps (older ones are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10000).default(7),
  /** Encrypts backups (scrypt + AES-256-GCM); needed again to restore them. */
  BACKUP_PASSPHRASE: z.string().min(12, 'must be at least 12 characters').optional(),
  SEED: z.enum(['true', 'false']).optional(),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** `npm start` prints the service-role key (it is always in DATA_DIR/service-key). */
  PRINT_SERVICE_KEY: z.enum(['true', 'false']).default('false'),
  /** The pg_dump that backs up a PostgreSQL database; unset: the newest installed one. */
  PG_DUMP: z.string().optional(),
  /** `npm run move -- --to-supabase`: the hosted project's service_role key. */
  SUPABASE_SERVICE_ROLE_KEY: z.string().optional(),
  ...mailEnvShape,
  ...stripeEnvShape,
  /** PEM files: when both are set the server speaks HTTPS, with HTTP/2 (and HTTP/1.1 for old clients). */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
});

/** Rules between variables (checked on the raw values: reported along with any bad value). */
const envRules: EnvRule[] = [
  {
    name: 'TLS_CERT_FILE',
    message: 'set both TLS_CERT_FILE and TLS_KEY_FILE, or neither',
    holds: (e) => !e.TLS_CERT_FILE === !e.TLS_KEY_FILE,
  },
  ...mailEnvRules,
  ...stripeEnvRules,
];

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PGlite: each commit flushed to the disk before it is answered (PGLITE_FSYNC). */
  fsync: boolean;
  jwtSecret?: string;
  siteUrl?: string;
  jwtExpiry: number;
  rateLimits: { signIn: number; signUp: number; inserts: number; windowSeconds: number };
  staticDir: string;
  seed: boolean;
  backup: { dir: string; intervalHours: number; keep: number; passphrase?: string };
  /** Unset: one fewer than the cores, at least one. */
  passwordHashThreads?: number;
  passwordCacheSeconds: number;
  trustProxy: boolean;
  printServiceKey: boolean;
  /** The pg_dump to run (PG_DUMP); unset: found by server/src/backup/snapshot.ts. */
  pgDump?: string;
  /** The hosted project's service_role key, for `npm run move -- --to-supabase`. */
  hostedServiceKey?: string;
  mail: MailConfig;
  /** Card payments through Stripe Checkout; unset: none (no button, no call to Stripe). */
  stripe?: StripeConfig;
  /** Paths of the certificate and key; unset: plain HTTP. */
  tls?: { certFile: string; keyFile: string };
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = readEnv(EnvSchema, env, envRules);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    fsync: e.PGLITE_FSYNC === 'true',
    jwtSecret: e.JWT_SECRET,
    siteUrl: e.SITE_URL,
    jwtExpiry: e.JWT_EXPIRY,
    rateLimits: {
      signIn: e.RATE_LIMIT_SIGN_IN,
      signUp: e.RATE_LIMIT_SIGN_UP,
      inserts: e.RATE_LIMIT_INSERTS,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    staticDir: path.resolve(e.STATIC_DIR),
    backup: {
      dir: path.resolve(e.BACKUP_DIR),
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
      passphrase: e.BACKUP_PASSPHRASE,
    },
    passwordHashThreads: e.PASSWORD_HASH_THREADS,
    passwordCacheSeconds: e.PASSWORD_CACHE_SECONDS,
    seed: e.SEED !== 'false',
    trustProxy: e.TRUST_PROXY === 'true',
    printServiceKey: e.PRINT_SERVICE_KEY === 'true',
    pgDump: e.PG_DUMP,
    hostedServiceKey: e.SUPABASE_SERVICE_ROLE_KEY,
    mail: mailConfigFrom(e),
    stripe: stripeConfigFrom(e),
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) }
        : undefined,
  };
}
