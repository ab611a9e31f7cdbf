/**
 * Queries built once per shape. Kysely builds an operation tree and compiles it to SQL on
 * every call: 70 to 110 µs for the task list on the loaded machine, and Kysely was the largest
 * share of the main thread's serving time once SQLite ran in worker threads (docs/scaling.md).
 * The hot queries' SQL depends only on their shape (the sort, which filters are set), so each
 * shape is built once with markers in place of the values, and every later call only puts its
 * values where the markers were.
 */
import { createQueryId, type Compilable, type CompiledQuery, type RootOperationNode } from 'kysely';

// An object of values (an interface qualifies: no index signature needed).
type Values = object;

/** Where each parameter of the compiled query comes from: a value of the call, or a constant. */
type Slot = { key: string } | { constant: unknown };

interface Shape {
  sql: string;
  query: RootOperationNode;
  slots: Slot[];
}

const MARKER = '\u0000duly-value:';

/** A bound for a mistake that would make every call a new shape. */
const SHAPES_MAX = 200;

export class CompiledOnce<V extends Values, R> {
  /** Per database: the SQL of a shape differs between SQLite and PostgreSQL. */
  readonly #shapes = new WeakMap<object, Map<string, Shape>>();

  /**
   * The query of `build` with `values`, built and compiled only the first time `db` sees this
   * `shape` (everything besides `values` that `build` reads: the sort, its direction…).
   * `build` must use the values only as query values, never derive anything from them (that
   * would belong in `shape`). Which values are undefined is part of the shape.
   */
  compile(
    db: object,
    shape: string,
    values: V,
    build: (values: V) => Compilable<R>,
  ): CompiledQuery<R> {
    const record = values as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const shapeKey = `${shape}|${keys.join(',')}`;
    let shapes = this.#shapes.get(db);
    if (!shapes) {
      shapes = new Map();
      this.#shapes.set(db, shapes);
    }
    let known = shapes.get(shapeKey);
    if (!known) {
      known = this.#learn(values, keys, build);
      if (shapes.size >= SHAPES_MAX) shapes.clear();
      shapes.set(shapeKey, known);
    }
    const parameters = known.slots.map((slot) =>
      'key' in slot ? record[slot.key] : slot.constant,
    );
    return { sql: known.sql, query: known.query, parameters, queryId: createQueryId() };
  }

  #learn(values: V, keys: string[], build: (values: V) => Compilable<R>): Shape {
    const marked: Record<string, unknown> = { ...(values as Record<string, unknown>) };
    for (const key of keys) marked[key] = `${MARKER}${key}`;
    const compiled = build(marked as unknown as V).compile();
    if (compiled.sql.includes(MARKER)) {
      throw new Error('CompiledOnce: a value was written into the SQL text; keep it a parameter');
    }
    const slots = compiled.parameters.map((parameter): Slot => {
      if (typeof parameter === 'string' && parameter.includes(MARKER)) {
        const key = parameter.slice(MARKER.length);
        if (!parameter.startsWith(MARKER) || !keys.includes(key)) {
          throw new Error(
            'CompiledOnce: a value was changed by the query; pass the result instead',
          );
        }
        return { key };
      }
      return { constant: parameter };
    });
    return { sql: compiled.sql, query: compiled.query, slots };
  }
}
