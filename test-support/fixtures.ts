import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The calendar day `n` days from now (UTC), as SQL `date` text: `2026-12-24`. */
export const inDays = (n: number): string => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A TCP port on 127.0.0.1 that nothing listens on right now (for a process that must be told its port). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The columns a visitor fills in for a booking request. */
export interface BookingRow {
  name: string;
  email: string;
  phone: string;
  booking_date: string;
  booking_time: string;
  guests: number;
  service_type: string;
  location: string;
  message?: string | null;
  [column: string]: unknown;
}

/**
 * A valid booking request, as the site's form sends it: `name` decides the e-mail address
 * (`Ada Lovelace` → `ada.lovelace@visitor.test`) unless `extra` gives one; 30 days ahead unless told.
 */
export function bookingRow(name = 'Ada Lovelace', extra: Partial<BookingRow> = {}): BookingRow {
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@visitor.test`,
    phone: '+1 555 0100',
    booking_date: inDays(30),
    booking_time: '19:00',
    guests: 4,
    service_type: 'Private Chef Service',
    location: 'Atlanta',
    ...extra,
  };
}

const made = new Set<string>();

/** A new, empty folder in the temp folder, removed when the test file ends (test-support/vitest-setup.ts) or the process exits. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder `tempDir` made so far. */
export function removeTempDirs(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
}

process.once('exit', removeTempDirs);
