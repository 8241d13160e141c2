/**
 * What a restore runs from a backup's `database/data.sql`: only what pg_dump's data-only output with
 * `--column-inserts` holds (server/src/backup/snapshot.ts, DATA_DUMP_ARGS), and only for the tables
 * and sequences the migrations made. Each statement must be
 *
 *   INSERT INTO schema.table (column, …) [OVERRIDING SYSTEM VALUE] VALUES (literal, …), (…);
 *   SELECT pg_catalog.setval('schema.sequence', number, true|false);
 *
 * where a literal is a quoted string, a number, NULL, true or false: no expression, function call,
 * subquery or second statement can hide in it. Comments and blank lines are skipped. Anything else
 * refuses the whole file before a row is written (issue 38, F6): a backup's manifest proves that
 * the file is whole, not who wrote it.
 */
export class DumpRefused extends Error {}

const WORD = /[A-Za-z_][A-Za-z0-9_$]*/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

export interface KnownNames {
  tables: Set<string>;
  sequences: Set<string>;
}

/**
 * The statements of `sql` that passed, joined, and the tables they fill; throws DumpRefused naming
 * the first that did not. `known` null: the form alone is checked (before the target exists).
 */
export function checkedDumpRows(sql: string, known: KnownNames | null): { sql: string; tables: Set<string> } {
  let i = 0;
  let line = 1;
  const seen = new Set<string>();
  const out: string[] = [];
  const fail = (what: string): never => {
    throw new DumpRefused(
      `database/data.sql, line ${line}: ${what}. A backup holds only the rows of the product's tables; this file holds something else.`,
    );
  };
  const skipSpace = () => {
    for (;;) {
      const c = sql[i];
      if (c === '\n') line++;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
      else if (c === '-' && sql[i + 1] === '-') {
        while (i < sql.length && sql[i] !== '\n') i++;
      } else return;
    }
  };
  const match = (re: RegExp): string | undefined => {
    re.lastIndex = i;
    const m = re.exec(sql);
    if (!m) return undefined;
    i += m[0].length;
    return m[0];
  };
  const keyword = (word: string) => {
    skipSpace();
    const got = match(WORD);
    if (got?.toLowerCase() !== word)
      fail(`expected ${word.toUpperCase()}, found ${JSON.stringify((got ?? sql.slice(i, i + 20)).slice(0, 40))}`);
  };
  const punct = (p: string) => {
    skipSpace();
    if (sql[i] !== p) fail(`expected "${p}"`);
    i++;
  };
  const identifier = (): string => {
    skipSpace();
    if (sql[i] === '"') {
      let name = '';
      i++;
      for (;;) {
        if (i >= sql.length) fail('an unfinished quoted name');
        if (sql[i] === '"') {
          if (sql[i + 1] === '"') {
            name += '"';
            i += 2;
            continue;
          }
          i++;
          return name;
        }
        if (sql[i] === '\n') line++;
        name += sql[i++];
      }
    }
    const w = match(WORD);
    if (!w) fail('expected a name');
    return w!.toLowerCase();
  };
  const stringLiteral = (): string => {
    // Standard-conforming strings (the restore sets them): '' is a quote, a backslash is itself.
    let value = '';
    i++;
    for (;;) {
      if (i >= sql.length) fail('an unfinished string');
      const c = sql[i]!;
      if (c === "'") {
        if (sql[i + 1] === "'") {
          value += "'";
          i += 2;
          continue;
        }
        i++;
        return value;
      }
      if (c === '\n') line++;
      value += c;
      i++;
    }
  };
  const literal = () => {
    skipSpace();
    if (sql[i] === "'") return void stringLiteral();
    if (match(NUMBER) !== undefined) return;
    const w = match(WORD)?.toLowerCase();
    if (w === 'null' || w === 'true' || w === 'false') return;
    fail(`a value that is not a literal (${JSON.stringify(sql.slice(i - (w?.length ?? 0), i + 20))})`);
  };

  for (;;) {
    skipSpace();
    if (i >= sql.length) break;
    const start = i;
    const first = match(WORD)?.toLowerCase();
    if (first === 'insert') {
      keyword('into');
      const table = `${identifier()}.${(punct('.'), identifier())}`;
      if (known && !known.tables.has(table)) fail(`rows for ${table}, which is not one of the product's tables`);
      seen.add(table);
      punct('(');
      do identifier();
      while ((skipSpace(), sql[i] === ',') && ++i);
      punct(')');
      skipSpace();
      const save = i;
      if (match(WORD)?.toLowerCase() === 'overriding') {
        keyword('system');
        keyword('value');
      } else i = save;
      keyword('values');
      do {
        punct('(');
        do literal();
        while ((skipSpace(), sql[i] === ',') && ++i);
        punct(')');
      } while ((skipSpace(), sql[i] === ',') && ++i);
      punct(';');
    } else if (first === 'select') {
      if (identifier() !== 'pg_catalog' || (punct('.'), identifier()) !== 'setval')
        fail('a SELECT other than pg_catalog.setval');
      punct('(');
      skipSpace();
      if (sql[i] !== "'") fail('setval without a sequence name');
      const seq = stringLiteral();
      if (known && !known.sequences.has(seq)) fail(`setval of ${seq}, which is not one of the product's sequences`);
      punct(',');
      skipSpace();
      if (match(NUMBER) === undefined) fail('setval without a number');
      punct(',');
      keyword((skipSpace(), sql.slice(i, i + 4).toLowerCase()) === 'true' ? 'true' : 'false');
      punct(')');
      punct(';');
    } else {
      fail(`a statement that is not an INSERT of rows (${JSON.stringify(sql.slice(start, start + 30))})`);
    }
    out.push(sql.slice(start, i));
  }
  return { sql: out.join('\n'), tables: seen };
}

/** The tables and sequences of the database the migrations built, as pg_dump names them. */
export const KNOWN_NAMES_SQL = `
  select c.relkind::text as kind, format('%s.%s', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;
