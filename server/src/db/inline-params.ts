import type { JwtClaims } from '../data-dir/keys.ts';
import { quoteLiteral, roleStatement } from './statements.ts';

/** A statement `inlineParams` cannot read with certainty: it refuses rather than guess. */
export class UnlexableStatementError extends Error {
  constructor(what: string, at: number) {
    super(
      `Db.once cannot inline parameters into this statement: ${what} at offset ${at} (only plain SQL with '…' strings, "…" names and $n parameters is read)`,
    );
    this.name = 'UnlexableStatementError';
  }
}

/** Characters of an unquoted word (keywords and names; PostgreSQL allows `$` after the first). */
const WORD_START = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_$]/;
/** Operators and punctuation, apart from the ones that open something (comments, quotes, `$`). */
const SYMBOL = /[()[\],.:+*<>=~!@#%^&|`?-]/;
const SPACE = /[ \t\r\n]/;

/**
 * The statement with each `$n` replaced by its value as a quoted literal, for Db.once on PostgreSQL
 * (the role and the statement in one simple-protocol message, which takes no parameters).
 *
 * Answers undefined when a value is not a string or null (or holds a NUL, which PostgreSQL reports
 * better as a parameter): the caller then runs the statement with real parameters.
 *
 * The statement is lexed completely, and anything whose meaning for `$n` this lexer does not know
 * is refused with an UnlexableStatementError, whoever wrote the statement: comments (`--`, `/*`),
 * dollar-quoted strings (`$$`, `$tag$`), prefixed strings (`E'…'`, `U&'…'`, `B'…'`, `X'…'`), a `;`
 * (a second statement), a backslash, and any character outside plain ASCII SQL outside quotes.
 * Inside '…' strings and "…" names every character is taken as it is; a doubled quote is part of
 * them (standard_conforming_strings, see `quoteLiteral`).
 */
export function inlineParams(text: string, params: unknown[]): string | undefined {
  if (!params.every((v) => v === null || (typeof v === 'string' && !v.includes('\0')))) return undefined;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      // To the closing quote; a doubled quote is part of the name or string.
      let j = i + 1;
      for (;;) {
        const k = text.indexOf(ch, j);
        if (k < 0) throw new UnlexableStatementError('an unterminated quote', i);
        if (text[k + 1] === ch) j = k + 2;
        else {
          j = k + 1;
          break;
        }
      }
      out += text.slice(i, j);
      i = j;
      continue;
    }
    if (ch === '$') {
      const m = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (!m) throw new UnlexableStatementError('a dollar-quoted string', i);
      // `$1` directly followed by a word character would be lexed by PostgreSQL as something else.
      const after = text[i + m[0].length];
      if (after !== undefined && WORD_PART.test(after))
        throw new UnlexableStatementError('a parameter joined to a word', i);
      const n = Number(m[1]);
      if (n < 1 || n > params.length) throw new Error(`no value for $${n}`);
      const v = params[n - 1] as string | null;
      out += v === null ? 'null' : quoteLiteral(v);
      i += m[0].length;
      continue;
    }
    if (WORD_START.test(ch) || /[0-9]/.test(ch)) {
      let j = i + 1;
      while (j < text.length && WORD_PART.test(text[j]!)) j++;
      // A word directly followed by a quote is a prefixed string (E'…', B'…', X'…', U&'…', N'…').
      const next = text[j];
      if (next === "'" || next === '"' || (next === '&' && (text[j + 1] === "'" || text[j + 1] === '"'))) {
        throw new UnlexableStatementError('a prefixed string or name', i);
      }
      out += text.slice(i, j);
      i = j;
      continue;
    }
    if (ch === '-' && text[i + 1] === '-') throw new UnlexableStatementError('a comment', i);
    if (ch === '/' && text[i + 1] === '*') throw new UnlexableStatementError('a comment', i);
    if (SPACE.test(ch) || SYMBOL.test(ch) || ch === '/') {
      out += ch;
      i++;
      continue;
    }
    throw new UnlexableStatementError(ch === ';' ? 'a second statement (;)' : `the character ${JSON.stringify(ch)}`, i);
  }
  return out;
}

/**
 * Db.once's message on both databases: the role and the statement as one simple-protocol query,
 * which PostgreSQL runs as one implicit transaction (the settings are local to it; it commits after
 * the statement or rolls back at its error). `settings` adds `set_config` calls to the role's select.
 * Undefined when a value is not text: the caller runs the ordinary transaction instead.
 */
export function onceMessage(
  claims: JwtClaims,
  timeouts: Map<string, string>,
  text: string,
  params: unknown[],
  settings = '',
): string | undefined {
  const inlined = inlineParams(text, params);
  return inlined === undefined ? undefined : `${roleStatement(claims, timeouts)}${settings};\n${inlined}`;
}
