import type { z } from 'zod';

/** A rule between variables, checked on the raw values, so it is reported even when one of them is bad too. */
export interface EnvRule {
  /** The variable the message is about. */
  name: string;
  message: string;
  holds: (env: Record<string, string>) => boolean;
}

/**
 * Reads an environment with a zod schema and rules between variables: the one way every setting is
 * read (server/src/config.ts for the server, whose schema includes the mail settings;
 * server/src/mail/settings.ts alone for the mail Edge Function). An empty variable
 * (`DATABASE_URL= npm start`) means "not set", as in most tools. A bad environment fails with one
 * message naming every problem: each bad value and each broken rule.
 */
export function readEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  rules: EnvRule[] = [],
): z.output<S> {
  const present = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
  const parsed = schema.safeParse(present);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  for (const rule of rules) if (!rule.holds(present)) lines.push(`  ${rule.name}: ${rule.message}`);
  if (lines.length > 0) throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  return parsed.data as z.output<S>;
}
