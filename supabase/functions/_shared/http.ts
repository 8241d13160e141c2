// What every Edge Function of ours does around its own work: check the caller's secret, answer JSON,
// and listen. Shared by the functions' folders (supabase/functions/_shared is not deployed on its own:
// the CLI bundles it into each function that imports it). No npm imports here, so a function whose
// deno.json maps none can use it.

/** Whether `given` is the secret, compared in a time that depends on the lengths only. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i]!;
  return diff === 0;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Serves `handle` as hosted Supabase runs a function; with the port variable set (the tests), on that
 * port of 127.0.0.1 instead.
 */
export function serve(handle: (req: Request) => Promise<Response>, portVariable: string): void {
  const port = Deno.env.get(portVariable);
  Deno.serve(port ? { port: Number(port), hostname: '127.0.0.1' } : {}, handle);
}
