import { restErrors } from './error-codes.ts';

/**
 * Parses PostgREST's query language (the subset we serve) into plain data. Nothing here knows the
 * database: names are checked against the catalog later, values are bound later.
 */

export type Operator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'is';
const OPERATORS = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is']);
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export type Filter =
  | { column: string; negate: boolean; op: Exclude<Operator, 'in' | 'is'>; value: string }
  | { column: string; negate: boolean; op: 'in'; values: string[] }
  | { column: string; negate: boolean; op: 'is'; value: IsValue };

/** `*`, or a column with an optional output name (`alias:column`). */
export type SelectItem = { star: true } | { star: false; column: string; alias: string };

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ReadQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

/** Query parameters that are not filters. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

function parseError(message: string, details: string | null = null): never {
  throw restErrors.invalidQuery(message, details);
}

/** A column name as PostgREST reads it: letters, digits, `_`, `$`, `-` and spaces are allowed. */
const COLUMN = /^[\p{L}_][\p{L}\p{N}_$ -]*$/u;

function columnName(raw: string, where: string): string {
  const name = raw.trim();
  if (name.startsWith('"') && name.endsWith('"') && name.length > 2) return name.slice(1, -1).replace(/""/g, '"');
  if (!COLUMN.test(name)) parseError(`failed to parse ${where} (${raw})`, `Unexpected "${raw}"`);
  return name;
}

/** Splits on commas that are outside double quotes and parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted || depth !== 0) parseError(`failed to parse (${text})`, 'Unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

export function parseSelect(raw: string | undefined): SelectItem[] {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return [{ star: true }];
  return splitTop(raw).map((part): SelectItem => {
    const item = part.trim();
    if (item === '*') return { star: true };
    if (item.includes('(')) {
      parseError(
        `failed to parse select parameter (${raw})`,
        'Embedding related tables is not supported by this server',
      );
    }
    if (item.includes('::') || item.includes('->')) {
      parseError(`failed to parse select parameter (${raw})`, 'Casts and JSON paths are not supported by this server');
    }
    const colon = item.indexOf(':');
    if (colon >= 0) {
      const alias = columnName(item.slice(0, colon), 'select parameter');
      return { star: false, alias, column: columnName(item.slice(colon + 1), 'select parameter') };
    }
    const column = columnName(item, 'select parameter');
    return { star: false, column, alias: column };
  });
}

/** `in.(a,b,"c,d")` → ['a', 'b', 'c,d']. */
function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')'))
    parseError(`failed to parse filter (in.${raw})`, 'Expected a list in parentheses');
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTop(inner).map((item) => {
    const v = item.trim();
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) return v.slice(1, -1).replace(/\\(.)/g, '$1');
    return v;
  });
}

export function parseFilter(column: string, raw: string): Filter {
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) parseError(`failed to parse filter (${raw})`, `Expected "operator.value", got "${raw}"`);
  const op = rest.slice(0, dot) as Operator;
  const value = rest.slice(dot + 1);
  if (!OPERATORS.has(op)) {
    parseError(`failed to parse filter (${raw})`, `Unknown or unsupported operator "${rest.slice(0, dot)}"`);
  }
  const col = columnName(column, 'filter');
  if (op === 'in') return { column: col, negate, op, values: parseList(value) };
  if (op === 'is') {
    const v = value.toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(v)) {
      parseError(`failed to parse filter (${raw})`, 'is. accepts null, not_null, true, false or unknown');
    }
    return { column: col, negate, op, value: v as IsValue };
  }
  return { column: col, negate, op, value };
}

export function parseOrder(raw: string | undefined): OrderTerm[] {
  if (raw === undefined || raw.trim() === '') return [];
  return splitTop(raw).map((part) => {
    const pieces = part.trim().split('.');
    const column = columnName(pieces[0] ?? '', 'order');
    const term: OrderTerm = { column, direction: 'asc' };
    for (const modifier of pieces.slice(1)) {
      if (modifier === 'asc' || modifier === 'desc') term.direction = modifier;
      else if (modifier === 'nullsfirst') term.nulls = 'first';
      else if (modifier === 'nullslast') term.nulls = 'last';
      else parseError(`failed to parse order (${raw})`, `Unexpected "${modifier}"`);
    }
    return term;
  });
}

function nonNegativeInt(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw.trim()))
    parseError(`failed to parse ${name} parameter (${raw})`, 'Expected a non-negative integer');
  return Number(raw.trim());
}

/** The `Range` header (`0-9`, `10-`); a malformed one is ignored, as PostgREST does. */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!m) return undefined;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) throw restErrors.rangeNotSatisfiable(header);
  return { offset: from, limit: to - from + 1 };
}

/** Every query parameter that is not reserved is a filter, `column=op.value`; a column may repeat. */
export function parseFilters(params: URLSearchParams): Filter[] {
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    if (key === 'or' || key === 'and' || key.endsWith('.or') || key.endsWith('.and')) {
      parseError(`failed to parse logic tree (${value})`, 'or/and filters are not supported by this server');
    }
    filters.push(parseFilter(key, value));
  }
  return filters;
}

export function parseReadQuery(params: URLSearchParams, rangeHeader?: string): ReadQuery {
  const range = parseRange(rangeHeader);
  let limit = nonNegativeInt(params.get('limit') ?? undefined, 'limit');
  let offset = nonNegativeInt(params.get('offset') ?? undefined, 'offset');
  if (range) {
    offset = (offset ?? 0) + range.offset;
    if (range.limit !== undefined) limit = limit === undefined ? range.limit : Math.min(limit, range.limit);
  }
  return {
    select: parseSelect(params.get('select') ?? undefined),
    filters: parseFilters(params),
    order: parseOrder(params.get('order') ?? undefined),
    limit,
    offset,
  };
}

/** `columns="a","b"` or `columns=a,b` as supabase-js sends for inserts. */
export function parseColumns(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  if (raw.trim() === '') parseError('failed to parse columns parameter ()');
  return splitTop(raw).map((c) => columnName(c, 'columns parameter'));
}

export function parseOnConflict(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  return splitTop(raw).map((c) => columnName(c, 'on_conflict parameter'));
}

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
}

/** `Prefer: return=representation, count=exact` (several headers or comma-separated). */
export function parsePrefer(headers: string | undefined, defaultReturn: Prefer['return']): Prefer {
  const out: Prefer = { return: defaultReturn };
  if (!headers) return out;
  for (const part of headers.split(',')) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) out.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) out.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) out.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) out.missing = v;
  }
  return out;
}
