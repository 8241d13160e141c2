/**
 * The database URL as node-postgres (`npm:pg`) must read it to connect the way libpq does.
 * Hosted Supabase gives Edge Functions `SUPABASE_DB_URL` with `sslmode=require`: for libpq (psql,
 * PostgREST) that means "encrypted, certificate not checked", but pg reads `require` (and
 * `prefer`) as `verify-full` and refuses the certificate, which Supabase's own CA signed ("self-
 * signed certificate in certificate chain"). `uselibpqcompat=true` asks pg for libpq's meaning.
 * `verify-ca` and `verify-full` are left as written: they check the certificate either way (give
 * `sslrootcert` to check it against Supabase's CA). Anything not a URL is returned unchanged.
 */
export function withLibpqSslMode(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  const mode = u.searchParams.get('sslmode');
  if ((mode === 'require' || mode === 'prefer') && !u.searchParams.has('uselibpqcompat')) {
    u.searchParams.set('uselibpqcompat', 'true');
  }
  return u.toString();
}
