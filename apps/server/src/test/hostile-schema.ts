import type { z } from 'zod';

// Reads a route's zod (v4) input schema for the hostile-input walker: its fields and their
// kinds, and a benign value that passes it, so one field at a time can be made hostile.

/** What a field of a zod schema expects, as far as choosing hostile values goes. */
export type FieldKind = 'number' | 'string' | 'choice' | 'array' | 'object' | 'any';

/** A field of an input schema: its path (`params.0.number`) and kind. */
export interface Field {
  path: string[];
  kind: FieldKind;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Strips wrappers (optional, default, preprocess, pipe) down to the schema that decides the kind. */
export function core(s: z.ZodType): z.ZodType {
  for (let d = defOf(s), i = 0; i < 20; d = defOf(s), i++) {
    if (d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in && d.out) {
      const t = defOf(d.in).type;
      s = t === 'transform' || t === 'unknown' || t === 'any' ? d.out : d.in;
    } else if (d.type === 'lazy' && d.getter) s = d.getter();
    else return s;
  }
  return s;
}

function kindOf(s: z.ZodType): FieldKind {
  const d = defOf(core(s));
  if (d.type === 'number' || d.type === 'bigint' || d.type === 'int') return 'number';
  if (d.type === 'string' || d.type === 'date') return 'string';
  if (d.type === 'enum' || d.type === 'literal' || d.type === 'boolean') return 'choice';
  if (d.type === 'array') return 'array';
  if (d.type === 'object' || d.type === 'intersection' || d.type === 'record') return 'object';
  if (d.type === 'union' && d.options) {
    const kinds = new Set(d.options.map(kindOf));
    return kinds.size === 1 ? [...kinds][0]! : 'any';
  }
  return 'any';
}

/** The object shape of a schema (objects, `.and()` intersections, `.extend()`), or null. */
function shapeOf(s: z.ZodType): Record<string, z.ZodType> | null {
  const d = defOf(core(s));
  if (d.type === 'object' && d.shape) return d.shape;
  if (d.type === 'intersection' && d.left && d.right)
    return { ...(shapeOf(d.left) ?? {}), ...(shapeOf(d.right) ?? {}) };
  return null;
}

/** Every field of an input schema, nested objects and the first element of arrays included. */
export function fieldsOf(s: z.ZodType, at: string[] = []): Field[] {
  const shape = shapeOf(s);
  if (!shape) return [];
  const out: Field[] = [];
  for (const [key, sub] of Object.entries(shape)) {
    const path = [...at, key];
    const kind = kindOf(sub);
    out.push({ path, kind });
    if (kind === 'object') out.push(...fieldsOf(sub, path));
    const el = defOf(core(sub)).element;
    if (kind === 'array' && el) {
      const elKind = kindOf(el);
      if (elKind === 'object') out.push(...fieldsOf(el, [...path, '0']));
      else out.push({ path: [...path, '0'], kind: elKind });
    }
  }
  return out;
}

/** Sets `path` in a copy of `base` (arrays and objects created on the way). */
export function withValue(base: unknown, path: string[], value: unknown): Record<string, unknown> {
  const root = structuredClone((base ?? {}) as Record<string, unknown>);
  let node: Record<string, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      node[key] = next && typeof next === 'object' ? next : /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
  });
  return root;
}

const CANDIDATES: unknown[] = [
  '1',
  'a',
  '测试内容',
  '13800138000',
  '2026-01-01',
  '0571-12345678',
  'a@b.cn',
  'ABCDEFGHIJ12345',
  '12.00',
  'abcdefgh-1234',
  'SF12345678',
  '110101199001011234',
  'return',
  'balance',
  'Abcdef123456',
  '0',
  '2',
  ['1'],
];

/** Values known to name real rows (`goods_id`, `address_id`…), used in bases by field name. */
export type Known = Record<string, unknown>;

/** A plain value of the schema's shape: every field present, numbers 1, texts 'a', known ids. */
function sample(s: z.ZodType, known: Known): unknown {
  const d = defOf(core(s));
  const shape = shapeOf(s);
  if (shape)
    return Object.fromEntries(
      Object.entries(shape).map(([k, v]) => [k, k in known ? known[k] : sample(v, known)]),
    );
  if (d.type === 'array' && d.element) return [sample(d.element, known)];
  if (d.type === 'enum' && d.entries) return Object.values(d.entries)[0];
  if (d.type === 'literal' && d.values) return d.values[0];
  if (d.type === 'union' && d.options?.[0]) return sample(d.options[0], known);
  if (d.type === 'string') return 'a';
  return '1';
}

/**
 * A value of the schema that passes it, found from plausible candidates field by field, so
 * that a hostile value in one field is not hidden by another field's refusal. Null if none.
 */
export function validBase(s: z.ZodType, input: unknown, known: Known): Record<string, unknown> | null {
  let base = {
    ...(sample(s, known) as Record<string, unknown>),
    ...structuredClone((input ?? {}) as object),
  };
  for (let round = 0; round < 12; round++) {
    const r = s.safeParse(base);
    if (r.success) return base;
    const path = r.error.issues[0]!.path.map(String);
    if (path.length === 0) return null;
    const fixed = CANDIDATES.map((c) => withValue(base, path, c)).find((b) => {
      const again = s.safeParse(b);
      return again.success || again.error.issues[0]!.path.map(String).join('.') !== path.join('.');
    });
    if (!fixed) return null;
    base = fixed;
  }
  return null;
}
