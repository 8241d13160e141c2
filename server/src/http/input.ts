/**
 * Two things every API checks before a value goes near PostgreSQL or a recursive function:
 * JSON nesting (JSON.stringify, PostgreSQL's jsonb parser and our own walkers recurse, so a body
 * nested thousands of levels deep would exhaust a stack) and NUL characters (PostgreSQL's text
 * and jsonb cannot hold U+0000). Each API turns the failures into its own error shape.
 */

/** Deeper than any form or client sends; far below what a stack can take. */
export const MAX_JSON_DEPTH = 64;

export class JsonInputError extends Error {
  constructor(readonly reason: 'syntax' | 'depth' | 'empty') {
    super(
      reason === 'depth'
        ? `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`
        : reason === 'empty'
          ? 'The request body is empty'
          : 'The request body is not valid JSON',
    );
  }
}

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing (no recursion),
 * stopping once past `limit`. Brackets inside strings do not count.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) {
      inString = true;
    } else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) {
      depth--;
    }
  }
  return max;
}

/** JSON.parse, refusing texts nested deeper than MAX_JSON_DEPTH first. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') throw new JsonInputError('empty');
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new JsonInputError('depth');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new JsonInputError('syntax');
  }
}

/** Whether a string, or any key or string inside a parsed JSON value, holds U+0000 (walked without recursion). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      stack.push(...(v as unknown[]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** SQLSTATEs caused by the value a request sent: data exceptions (class 22) and a too-deep value (54001). */
export function isInputDbError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith('22') || code === '54001');
}
