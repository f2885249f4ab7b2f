import type { ImportCell, ImportColumn, ImportRowError } from '@kc/domain';

/** Where each known column sits in the file; unknown headers are ignored. */
export class Columns<K extends string = string> {
  private constructor(
    private readonly at: Map<string, number>,
    private readonly headers: Map<string, string>,
  ) {}

  /**
   * Reads the header row. Answers the columns and one error per missing required column (row 1)
   * or repeated column.
   */
  static read<K extends string>(
    defs: readonly ImportColumn[],
    header: string[],
  ): { columns: Columns<K>; errors: ImportRowError[] } {
    const at = new Map<string, number>();
    const headers = new Map<string, string>();
    const errors: ImportRowError[] = [];
    const norm = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');
    header.forEach((text, i) => {
      const h = norm(text);
      const def = defs.find((d) => norm(d.header) === h || d.aliases?.some((a) => norm(a) === h));
      if (!def) return;
      if (at.has(def.key)) errors.push({ row: 1, column: text, message: `“${def.header}”列重复` });
      else at.set(def.key, i);
    });
    for (const d of defs) {
      headers.set(d.key, d.header);
      if (d.required && !at.has(d.key))
        errors.push({ row: 1, column: d.header, message: `缺少必填列“${d.header}”` });
    }
    return { columns: new Columns<K>(at, headers), errors };
  }

  has(key: K): boolean {
    return this.at.has(key);
  }

  header(key: K): string {
    return this.headers.get(key) ?? key;
  }

  /** A row reader: cell text by key ('' for a column the file lacks), errors collected. */
  reader(row: number, cells: string[]): RowReader<K> {
    return new RowReader<K>(this, row, cells, (key) => {
      const i = this.at.get(key);
      return i === undefined ? '' : (cells[i] ?? '');
    });
  }
}

export class RowReader<K extends string = string> {
  readonly errors: ImportRowError[] = [];
  constructor(
    readonly columns: Columns<K>,
    readonly row: number,
    readonly cells: string[],
    readonly text: (key: K) => string,
  ) {}

  has(key: K): boolean {
    return this.columns.has(key);
  }

  /** Records a problem of a cell: the first per cell only (a bad number is not also "not above 0"). */
  error(key: K, message: string): void {
    const column = this.columns.header(key);
    if (this.errors.some((e) => e.column === column)) return;
    this.errors.push({ row: this.row, column, message });
  }

  /** Reads a cell with a domain reader; on failure records `列名 + message` and answers `fallback`. */
  read<T>(key: K, reader: (text: string) => ImportCell<T>, fallback: T): T {
    const c = reader(this.text(key));
    if (c.ok) return c.value;
    this.error(key, c.message);
    return fallback;
  }

  /** A text cell that must not be empty (and at most `max` characters). */
  required(key: K, max = 200): string {
    const t = this.text(key);
    if (!t) this.error(key, '不能为空');
    else if (t.length > max) this.error(key, `不能超过${max}个字`);
    return t;
  }

  /** A text cell that may be empty (at most `max` characters). */
  optional(key: K, max = 200): string {
    const t = this.text(key);
    if (t.length > max) this.error(key, `不能超过${max}个字`);
    return t;
  }
}
