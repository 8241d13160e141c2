import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { parseMailConfig } from '../src/mail/settings.ts';

/**
 * One schema for every setting of the server, the mail sender's included (server/src/config.ts): a
 * bad environment is refused with one message that names every problem, the server's and the
 * mail's together, so a deployment is fixed in one go.
 */
describe('parseConfig', () => {
  it('names every bad value in one message, server and mail settings alike', () => {
    let message = '';
    try {
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        TRUST_PROXY: 'yes',
        PRINT_SERVICE_KEY: '1',
        TLS_CERT_FILE: 'cert.pem',
        SMTP_URL: 'http://mail',
        MAIL_BATCH: '0',
        MAIL_LEASE_SECONDS: '1.5',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid environment:');
    expect(
      lines
        .slice(1)
        .map((l) => l.trim().split(':')[0])
        .sort(),
    ).toEqual(
      [
        'DATABASE_URL',
        'MAIL_BATCH',
        'MAIL_LEASE_SECONDS',
        'OWNER_EMAIL',
        'PORT',
        'PRINT_SERVICE_KEY',
        'SMTP_URL',
        'TLS_CERT_FILE',
        'TRUST_PROXY',
      ].sort(),
    );
    expect(message).toContain('  DATABASE_URL: must start with postgres:// or postgresql://');
    expect(message).toContain('  SMTP_URL: must start with smtp:// or smtps://');
    expect(message).toContain('  TLS_CERT_FILE: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither');
    expect(message).toContain('  OWNER_EMAIL: OWNER_EMAIL is needed with SMTP_URL (the chef’s messages go there)');
  });

  it('reads the settings that used to be read elsewhere (TRUST_PROXY, PRINT_SERVICE_KEY, PG_DUMP, MAIL_BATCH)', () => {
    const defaults = parseConfig({});
    expect({
      trustProxy: defaults.trustProxy,
      printServiceKey: defaults.printServiceKey,
      pgDump: defaults.pgDump,
      hostedServiceKey: defaults.hostedServiceKey,
      batch: defaults.mail.batch,
      from: defaults.mail.from,
    }).toEqual({
      trustProxy: false,
      printServiceKey: false,
      pgDump: undefined,
      hostedServiceKey: undefined,
      batch: 50,
      from: 'no-reply@localhost.localdomain',
    });
    const set = parseConfig({
      TRUST_PROXY: 'true',
      PRINT_SERVICE_KEY: 'true',
      PG_DUMP: '/opt/pg/bin/pg_dump',
      SUPABASE_SERVICE_ROLE_KEY: 'key',
      MAIL_BATCH: '7',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      OWNER_EMAIL: 'chef@cheffeva.test',
    });
    expect({
      trustProxy: set.trustProxy,
      printServiceKey: set.printServiceKey,
      pgDump: set.pgDump,
      hostedServiceKey: set.hostedServiceKey,
      batch: set.mail.batch,
      smtpUrl: set.mail.smtpUrl,
      from: set.mail.from,
    }).toEqual({
      trustProxy: true,
      printServiceKey: true,
      pgDump: '/opt/pg/bin/pg_dump',
      hostedServiceKey: 'key',
      batch: 7,
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'chef@cheffeva.test',
    });
  });

  it('takes an empty variable as not set', () => {
    expect(parseConfig({ PORT: '', MAIL_BATCH: '' })).toMatchObject({ port: 8080, mail: { batch: 50 } });
  });
});

describe('parseMailConfig (the mail Edge Function)', () => {
  it('reads the mail settings alone with the same rules and the same message', () => {
    expect(() => parseMailConfig({ SMTP_URL: 'smtp://x', MAIL_BATCH: 'many' })).toThrow(
      'Invalid environment:\n  MAIL_BATCH: Invalid input: expected number, received NaN\n  OWNER_EMAIL: OWNER_EMAIL is needed with SMTP_URL (the chef’s messages go there)',
    );
    expect(parseMailConfig({ PORT: 'not the function’s business', MAIL_BATCH: '20' }).batch).toBe(20);
  });
});
