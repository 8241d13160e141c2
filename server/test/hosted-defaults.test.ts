import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expectConsoleError } from '../../vitest.setup.ts';
import { openDb, type Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  backends,
  client,
  createDatabase,
  dropDatabase,
  pgliteTemplate,
  startTestServer,
  withDatabase,
  type Backend,
  type TestServer,
} from './support/backend.ts';

/**
 * The local stand-in behaves like today's hosted Supabase (server/bootstrap.sql; decision 0018), so
 * that a migration that works here works there: no default grants to the API roles in public (a
 * migration that forgets its grants fails here too), API roles that inherit, hosted's per-role
 * statement timeouts, UPDATE and DELETE without a filter refused (safeupdate), and storage rows
 * deleted only through the Storage API.
 */

/** A throwaway migration, as a later one might be written; applied after the real ones. */
const THROWAWAY = (probeRole: string) => `
create table public.forgot_grants (id integer primary key, note text not null);
alter table public.forgot_grants enable row level security;
create policy "Everyone, were it granted" on public.forgot_grants for all using (true) with check (true);
insert into public.forgot_grants values (1, 'unreachable');

create table public.remembered_grants (id integer primary key, note text not null);
alter table public.remembered_grants enable row level security;
create policy "Everyone may read" on public.remembered_grants for select using (true);
grant select on public.remembered_grants to anon, authenticated, service_role;
insert into public.remembered_grants values (1, 'reachable');

-- Privileges lent through a role granted to authenticated: they reach members only if the API
-- roles inherit (hosted's are INHERIT).
create table public.lent_privileges (id integer primary key, note text not null);
alter table public.lent_privileges enable row level security;
create policy "Members may read" on public.lent_privileges for select to authenticated using (true);
insert into public.lent_privileges values (1, 'lent');
create role ${probeRole} nologin;
grant select on public.lent_privileges to ${probeRole};
grant ${probeRole} to authenticated;

-- What a request runs under, and a query that runs for a while.
create function public.probe_statement_timeout() returns text
language sql stable as $$ select current_setting('statement_timeout') $$;
create function public.probe_sleep(seconds double precision) returns boolean
language sql volatile as $$ select pg_sleep(seconds) is not null $$;
grant execute on function public.probe_statement_timeout(), public.probe_sleep(double precision)
  to anon, authenticated, service_role;
`;

describe.each(backends)('local behaves like hosted Supabase on $name', (backend: Backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let service: SupabaseClient;
  let cleanup: () => Promise<void>;
  const probeRole = `probe_lender_${process.pid}_${Date.now().toString(36)}`;

  beforeAll(async () => {
    const extra = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-throwaway-migration-'));
    fs.writeFileSync(path.join(extra, '20991231000000_throwaway.sql'), THROWAWAY(probeRole));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-hosted-defaults-'));
    let database: string | undefined;
    let db: Db;
    if (backend.name === 'pglite') {
      fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
      db = await openDb({ dataDir });
    } else {
      database = await createDatabase(backend.adminUrl!);
      db = await openDb({ dataDir, databaseUrl: withDatabase(backend.adminUrl!, database) });
      await migrate(db);
    }
    expect((await migrate(db, { migrationsDir: extra })).applied).toEqual(['20991231000000']);
    await db.close();
    fs.rmSync(extra, { recursive: true, force: true });

    server = await startTestServer(backend, { dataDir, database, env: { RATE_LIMIT_SIGN_UP: '1000' } });
    cleanup = async () => {
      await server?.stop();
      if (database) {
        await dropDatabase(backend.adminUrl!, database);
        const admin = await openDb({ dataDir, databaseUrl: backend.adminUrl! });
        await admin.exec(`drop role if exists ${probeRole}`);
        await admin.close();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    anon = client(server, server.anonKey);
    service = client(server, server.serviceKey);
    const { data, error } = await client(server, server.anonKey).auth.signUp({
      email: `hosted-${Date.now()}@example.com`,
      password: 'correct horse 1',
    });
    expect(error).toBeNull();
    member = client(server, server.anonKey, { accessToken: data.session!.access_token });
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const owner = <T>(text: string, params?: unknown[]) => server.db.tx(null, (sql) => sql<T>(text, params));

  describe('no default grants to the API roles in public', () => {
    it('a table whose migration forgot its grants is unreachable by anon, members and the service role', async () => {
      const a = await anon.from('forgot_grants').select('*');
      expect(a.status).toBe(401);
      expect(a.error).toMatchObject({ code: '42501', message: 'permission denied for table forgot_grants' });
      for (const who of [member, service]) {
        const r = await who.from('forgot_grants').select('*');
        expect(r.status).toBe(403);
        expect(r.error).toMatchObject({ code: '42501', message: 'permission denied for table forgot_grants' });
        const w = await who.from('forgot_grants').insert({ id: 2, note: 'written' });
        expect(w.status).toBe(403);
        expect(w.error?.code).toBe('42501');
      }
      const { rows } = await owner<{ n: string }>('select count(*)::text as n from public.forgot_grants');
      expect(rows[0]!.n).toBe('1');
    });

    it('the same table with its grants written is reachable: the grants alone decide', async () => {
      for (const who of [anon, member, service]) {
        const r = await who.from('remembered_grants').select('id, note');
        expect(r.error).toBeNull();
        expect(r.data).toEqual([{ id: 1, note: 'reachable' }]);
      }
    });

    it('no default privileges in public name an API role', async () => {
      const { rows } = await owner<{ acl: string }>(
        `select d.defaclacl::text as acl from pg_default_acl d
           join pg_namespace n on n.oid = d.defaclnamespace where n.nspname = 'public'`,
      );
      for (const r of rows) expect(r.acl).not.toMatch(/\b(anon|authenticated|service_role)=/);
      for (const role of ['anon', 'authenticated', 'service_role']) {
        const { rows: p } = await owner<{ t: boolean; s: boolean }>(
          `select has_table_privilege($1, 'public.forgot_grants', 'select') as t,
                  has_table_privilege($1, 'public.forgot_grants', 'insert') as s`,
          [role],
        );
        expect(p[0]).toEqual({ t: false, s: false });
      }
    });

    it('members_videos: select for members, everything for the service role (its sequence too), nothing for anon', async () => {
      const { rows } = await owner<{ role: string; sel: boolean; ins: boolean; seq: boolean }>(
        `select r as role, has_table_privilege(r, 'public.members_videos', 'select') as sel,
                has_table_privilege(r, 'public.members_videos', 'insert') as ins,
                has_sequence_privilege(r, 'public.members_videos_id_seq', 'update') as seq
           from unnest(array['anon', 'authenticated', 'service_role']) r order by r`,
      );
      expect(rows).toEqual([
        { role: 'anon', sel: false, ins: false, seq: false },
        { role: 'authenticated', sel: true, ins: false, seq: false },
        { role: 'service_role', sel: true, ins: true, seq: true },
      ]);
      // The service role wrote an id of its own; it can move the sequence past it.
      expect(
        (
          await service
            .from('members_videos')
            .insert({ id: 500, video_id: 'AAAAAAAAAAA', title: 'T', description: 'D' })
        ).error,
      ).toBeNull();
      const { rows: next } = await server.db.tx({ role: 'service_role' } as never, (sql) =>
        sql<{ v: string }>(`select setval('public.members_videos_id_seq', 500)::text as v`),
      );
      expect(next[0]!.v).toBe('500');
    });
  });

  it('the API roles inherit, as hosted’s do: privileges lent through a granted role reach members', async () => {
    const { rows } = await owner<{ rolname: string; rolinherit: boolean }>(
      `select rolname, rolinherit from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolinherit: true },
      { rolname: 'authenticated', rolinherit: true },
      { rolname: 'service_role', rolinherit: true },
    ]);
    const r = await member.from('lent_privileges').select('id, note');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([{ id: 1, note: 'lent' }]);
    expect((await anon.from('lent_privileges').select('id')).status).toBe(401);
  });

  describe('per-role statement timeouts (anon 3 s, authenticated 8 s)', () => {
    it('each request runs under its role’s timeout, as PostgREST applies the role’s settings', async () => {
      expect((await anon.rpc('probe_statement_timeout')).data).toBe('3s');
      expect((await member.rpc('probe_statement_timeout')).data).toBe('8s');
      expect((await service.rpc('probe_statement_timeout')).data).toBe('8s');
      const { rows } = await owner<{ role: string; setting: string }>(
        `select r.rolname as role, c as setting from pg_db_role_setting s join pg_roles r on r.oid = s.setrole,
                unnest(s.setconfig) c
          where s.setdatabase = 0 and r.rolname in ('anon', 'authenticated') and c like 'statement_timeout=%'
          order by r.rolname`,
      );
      expect(rows).toEqual([
        { role: 'anon', setting: 'statement_timeout=3s' },
        { role: 'authenticated', setting: 'statement_timeout=8s' },
      ]);
    });

    it.skipIf(backend.name === 'pglite')(
      'a visitor’s query running past 3 s is cancelled; a member’s is not',
      { timeout: 30_000 },
      async () => {
        expectConsoleError(/\[rest\] database error 57014 canceling statement due to statement timeout/);
        const started = Date.now();
        const slow = await anon.rpc('probe_sleep', { seconds: 4 });
        const took = Date.now() - started;
        expect(slow.status).toBe(504);
        expect(slow.error).toMatchObject({ code: '57014', message: 'Query took too long and was cancelled' });
        expect(took).toBeGreaterThanOrEqual(2900);
        expect(took).toBeLessThan(3900);
        const allowed = await member.rpc('probe_sleep', { seconds: 4 });
        expect(allowed.error).toBeNull();
        expect(allowed.data).toBe(true);
      },
    );

    it('a timeout set for the role in this database applies once the server reads the roles’ settings (at start, after the migrations)', async () => {
      const { rows } = await owner<{ db: string }>('select current_database() as db');
      // Per database, so that other databases on a shared PostgreSQL server keep hosted's.
      await server.db.exec(`alter role anon in database "${rows[0]!.db}" set statement_timeout = '5s'`);
      try {
        const { readStatementTimeouts } = await import('../src/db/migrate.ts');
        await readStatementTimeouts(server.db);
        expect((await anon.rpc('probe_statement_timeout')).data).toBe('5s');
      } finally {
        await server.db.exec(`alter role anon in database "${rows[0]!.db}" reset statement_timeout`);
        server.db.statementTimeouts.set('anon', '3s');
      }
    });
  });

  describe('UPDATE and DELETE without a filter are refused for every API role (safeupdate)', () => {
    it('answers 400 21000 as PostgREST does under safeupdate, and changes nothing', async () => {
      const { rows: before } = await owner<{ n: string }>('select count(*)::text as n from public.remembered_grants');
      await owner('grant update, delete on public.remembered_grants to anon, authenticated, service_role');
      await owner(
        `create policy "Everyone may change" on public.remembered_grants for all using (true) with check (true)`,
      );
      for (const who of [anon, member, service]) {
        const u = await who.from('remembered_grants').update({ note: 'everything' }).neq('id', -1).select();
        expect(u.error).toBeNull(); // a filter, even one that matches every row, is a WHERE clause
        const nofilter = await fetch(`${server.url}/rest/v1/remembered_grants`, {
          method: 'PATCH',
          headers: headersOf(who, server),
          body: JSON.stringify({ note: 'obliterated' }),
        });
        expect(nofilter.status).toBe(400);
        expect(await nofilter.json()).toEqual({
          code: '21000',
          details: null,
          hint: null,
          message: 'UPDATE requires a WHERE clause',
        });
        const del = await fetch(`${server.url}/rest/v1/remembered_grants`, {
          method: 'DELETE',
          headers: headersOf(who, server),
        });
        expect(del.status).toBe(400);
        expect(await del.json()).toEqual({
          code: '21000',
          details: null,
          hint: null,
          message: 'DELETE requires a WHERE clause',
        });
      }
      const { rows: after } = await owner<{ n: string; notes: string }>(
        `select count(*)::text as n, string_agg(distinct note, ',') as notes from public.remembered_grants`,
      );
      expect(after[0]).toEqual({ n: before[0]!.n, notes: 'everything' });
    });
  });

  describe('storage rows are deleted only through the Storage API', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );

    it('a DELETE on storage.objects or storage.buckets by SQL is refused, as hosted’s Storage refuses it', async () => {
      const name = `guard-${Date.now()}.png`;
      expect(
        (await service.storage.from('community_recipes').upload(name, png, { contentType: 'image/png' })).error,
      ).toBeNull();
      for (const statement of [
        `delete from storage.objects where bucket_id = 'community_recipes' and name = '${name}'`,
        `delete from storage.buckets where id = 'community_recipes'`,
      ]) {
        await expect(owner(statement)).rejects.toMatchObject({
          code: '42501',
          message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
        });
      }
      const { rows } = await owner<{ n: string }>(`select count(*)::text as n from storage.objects where name = $1`, [
        name,
      ]);
      expect(rows[0]!.n).toBe('1');
      const file = await fetch(`${server.url}/storage/v1/object/public/community_recipes/${name}`);
      expect(file.status).toBe(200);
    });

    it('a migration that deletes storage rows itself fails and leaves nothing applied', async () => {
      const extra = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-throwaway-migration-'));
      fs.writeFileSync(
        path.join(extra, '20991231000100_delete_photos.sql'),
        `create table public.half_applied (id integer);\ndelete from storage.objects where bucket_id = 'community_recipes';\n`,
      );
      try {
        await expect(migrate(server.db, { migrationsDir: extra })).rejects.toThrow(
          'Migration 20991231000100_delete_photos.sql failed: Direct deletion from storage tables is not allowed. Use the Storage API instead.',
        );
      } finally {
        fs.rmSync(extra, { recursive: true, force: true });
      }
      const { rows } = await owner<{ t: string | null; v: string }>(
        `select to_regclass('public.half_applied')::text as t,
                (select count(*)::text from supabase_migrations.schema_migrations where version = '20991231000100') as v`,
      );
      expect(rows[0]).toEqual({ t: null, v: '0' });
    });

    it('through the Storage API the same photo is removed, row and file', async () => {
      const name = `api-${Date.now()}.png`;
      expect(
        (await service.storage.from('community_recipes').upload(name, png, { contentType: 'image/png' })).error,
      ).toBeNull();
      const removed = await service.storage.from('community_recipes').remove([name]);
      expect(removed.error).toBeNull();
      expect(removed.data?.map((o) => o.name)).toEqual([name]);
      const { rows } = await owner<{ n: string }>(`select count(*)::text as n from storage.objects where name = $1`, [
        name,
      ]);
      expect(rows[0]!.n).toBe('0');
      expect((await fetch(`${server.url}/storage/v1/object/public/community_recipes/${name}`)).status).toBe(404);
    });
  });
});

/** The headers supabase-js sends for a client, for requests it would never make (no filter). */
function headersOf(who: SupabaseClient, server: TestServer): Record<string, string> {
  const rest = (who as unknown as { rest: { headers: Record<string, string> | Headers } }).rest;
  const headers = rest.headers instanceof Headers ? Object.fromEntries(rest.headers) : { ...rest.headers };
  return { apikey: server.anonKey, ...headers, 'Content-Type': 'application/json' };
}
