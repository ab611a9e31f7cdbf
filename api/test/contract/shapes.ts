/**
 * The one-contract check (issue 25): the shapes of the OpenAPI document the API generates and
 * of the front end's types (@duly/shared/contract) are read into one form and compared: field
 * names, optionality, enums, nullability, arrays and nested objects. Formats, lengths and
 * descriptions are the schema's own business and are not compared.
 */
import ts from 'typescript';

export type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'unknown' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'array'; items: Shape }
  | { kind: 'record'; values: Shape }
  | { kind: 'object'; fields: Record<string, Field> };

export interface Field {
  optional: boolean;
  nullable: boolean;
  shape: Shape;
}

/** A schema of the OpenAPI document (JSON Schema, as @fastify/swagger writes TypeBox's). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
}

/** A shape that may be null (the type of a field, or a whole body). */
export interface Nullable {
  nullable: boolean;
  shape: Shape;
}

function merge(parts: Nullable[]): Nullable {
  const nullable = parts.some((part) => part.nullable);
  const shapes = parts.map((part) => part.shape).filter((shape) => shape.kind !== 'unknown');
  if (shapes.length === 0) return { nullable, shape: { kind: 'unknown' } };
  if (shapes.every((shape) => shape.kind === 'enum')) {
    const values = shapes.flatMap((shape) => (shape.kind === 'enum' ? shape.values : []));
    return { nullable, shape: { kind: 'enum', values: [...new Set(values)].sort() } };
  }
  // `IsoDate | IsoInstant` is `string | string`; an enum joined with `string` is a string.
  if (shapes.every((shape) => shape.kind === 'string' || shape.kind === 'enum')) {
    return { nullable, shape: { kind: 'string' } };
  }
  if (shapes.length === 1) return { nullable, shape: shapes[0] };
  return { nullable, shape: { kind: 'unknown' } };
}

/** The shape of a JSON schema of the OpenAPI document. */
export function fromJsonSchema(
  schema: JsonSchema,
  definitions: Record<string, JsonSchema> = {},
): Nullable {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() as string;
    return fromJsonSchema(definitions[name] ?? {}, definitions);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const merged = merge(
      alternatives.map((alternative) => fromJsonSchema(alternative, definitions)),
    );
    return schema.nullable ? { ...merged, nullable: true } : merged;
  }
  if (schema.const !== undefined) {
    return { nullable: false, shape: { kind: 'enum', values: [String(schema.const)] } };
  }
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const nullable = schema.nullable === true || types.includes('null');
  const type = types.find((name) => name !== 'null');
  if (schema.enum) {
    const values = schema.enum
      .filter((value) => value !== null)
      .map(String)
      .sort();
    return { nullable: nullable || schema.enum.includes(null), shape: { kind: 'enum', values } };
  }
  switch (type) {
    case 'string':
      return { nullable, shape: { kind: 'string' } };
    case 'integer':
    case 'number':
      return { nullable, shape: { kind: 'number' } };
    case 'boolean':
      return { nullable, shape: { kind: 'boolean' } };
    case 'array':
      return {
        nullable,
        shape: { kind: 'array', items: fromJsonSchema(schema.items ?? {}, definitions).shape },
      };
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {});
      if (entries.length === 0 && typeof schema.additionalProperties === 'object') {
        const values = fromJsonSchema(schema.additionalProperties, definitions).shape;
        return { nullable, shape: { kind: 'record', values } };
      }
      const fields: Record<string, Field> = {};
      for (const [name, property] of entries) {
        const read = fromJsonSchema(property, definitions);
        fields[name] = { optional: !required.has(name), ...read };
      }
      return { nullable, shape: { kind: 'object', fields } };
    }
    default:
      return { nullable, shape: { kind: 'unknown' } };
  }
}

/** Reads the exported types of a TypeScript source (the shared contract) with the type checker. */
export class TypeReader {
  private readonly checker: ts.TypeChecker;
  private readonly exports: Map<string, ts.Symbol>;

  /** `file` is read from disk unless `source` gives its text (a drifted copy, in the tests). */
  constructor(file: string, source?: string) {
    const options: ts.CompilerOptions = {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
    };
    const host = ts.createCompilerHost(options);
    if (source !== undefined) {
      const getSourceFile = host.getSourceFile.bind(host);
      host.getSourceFile = (name, version, ...rest) =>
        name === file
          ? ts.createSourceFile(name, source, version)
          : getSourceFile(name, version, ...rest);
    }
    const program = ts.createProgram([file], options, host);
    this.checker = program.getTypeChecker();
    const module = this.checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    this.exports = new Map(
      this.checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]),
    );
  }

  /** The shape of an exported type, or of an expression of types (`Page<Task>`, `Task[]`). */
  shapeOf(name: string): Nullable {
    const array = /^(.*)\[\]$/.exec(name);
    if (array)
      return { nullable: false, shape: { kind: 'array', items: this.shapeOf(array[1]).shape } };
    const symbol = this.exports.get(name);
    if (!symbol) throw new Error(`the contract exports no type ${name}`);
    return this.read(this.checker.getDeclaredTypeOfSymbol(symbol), 0);
  }

  private read(type: ts.Type, depth: number): Nullable {
    if (depth > 8) return { nullable: false, shape: { kind: 'unknown' } };
    if (type.isUnion()) {
      const parts = type.types.filter((part) => !(part.flags & ts.TypeFlags.Undefined));
      const boolean = parts.filter((part) => part.flags & ts.TypeFlags.BooleanLiteral);
      const rest = parts.filter((part) => !(part.flags & ts.TypeFlags.BooleanLiteral));
      const read = rest.map((part) => this.read(part, depth + 1));
      if (boolean.length > 0) read.push({ nullable: false, shape: { kind: 'boolean' } });
      return merge(read);
    }
    const flags = type.flags;
    if (flags & ts.TypeFlags.Null) return { nullable: true, shape: { kind: 'unknown' } };
    if (type.isStringLiteral())
      return { nullable: false, shape: { kind: 'enum', values: [type.value] } };
    if (flags & ts.TypeFlags.String) return { nullable: false, shape: { kind: 'string' } };
    if (flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) {
      return { nullable: false, shape: { kind: 'number' } };
    }
    if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) {
      return { nullable: false, shape: { kind: 'boolean' } };
    }
    if (this.checker.isArrayType(type)) {
      const [items] = this.checker.getTypeArguments(type as ts.TypeReference);
      return {
        nullable: false,
        shape: { kind: 'array', items: this.read(items, depth + 1).shape },
      };
    }
    if (flags & ts.TypeFlags.Object) {
      const properties = this.checker.getPropertiesOfType(type);
      const index = this.checker.getIndexInfoOfType(type, ts.IndexKind.String);
      if (properties.length === 0 && index) {
        return {
          nullable: false,
          shape: { kind: 'record', values: this.read(index.type, depth + 1).shape },
        };
      }
      const fields: Record<string, Field> = {};
      for (const property of properties) {
        const propertyType = this.checker.getTypeOfSymbol(property);
        const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
        fields[property.name] = { optional, ...this.read(propertyType, depth + 1) };
      }
      return { nullable: false, shape: { kind: 'object', fields } };
    }
    return { nullable: false, shape: { kind: 'unknown' } };
  }
}

function describe(shape: Shape): string {
  switch (shape.kind) {
    case 'enum':
      return `one of ${shape.values.join('|')}`;
    case 'array':
      return `array of ${describe(shape.items)}`;
    case 'record':
      return `record of ${describe(shape.values)}`;
    default:
      return shape.kind;
  }
}

/**
 * Where the front end's type (`expected`) and the API's schema (`actual`) disagree, one line
 * each (`where: front end … / API …`); empty when they agree.
 */
export function differences(expected: Nullable, actual: Nullable, where = ''): string[] {
  const found: string[] = [];
  const at = where || '(body)';
  if (expected.nullable !== actual.nullable) {
    found.push(`${at}: nullable in ${expected.nullable ? 'the front end' : 'the API'} only`);
  }
  const front = expected.shape;
  const api = actual.shape;
  if (front.kind === 'unknown' || api.kind === 'unknown') {
    if (front.kind !== api.kind)
      found.push(`${at}: front end ${describe(front)} / API ${describe(api)}`);
    return found;
  }
  if (front.kind !== api.kind) {
    found.push(`${at}: front end ${describe(front)} / API ${describe(api)}`);
    return found;
  }
  if (front.kind === 'enum' && api.kind === 'enum') {
    if (front.values.join('|') !== api.values.join('|')) {
      found.push(`${at}: front end ${describe(front)} / API ${describe(api)}`);
    }
  } else if (front.kind === 'array' && api.kind === 'array') {
    found.push(
      ...differences(
        { nullable: false, shape: front.items },
        { nullable: false, shape: api.items },
        `${at}[]`,
      ),
    );
  } else if (front.kind === 'record' && api.kind === 'record') {
    found.push(
      ...differences(
        { nullable: false, shape: front.values },
        { nullable: false, shape: api.values },
        `${at}{}`,
      ),
    );
  } else if (front.kind === 'object' && api.kind === 'object') {
    const names = [...new Set([...Object.keys(front.fields), ...Object.keys(api.fields)])].sort();
    for (const name of names) {
      const path = where ? `${where}.${name}` : name;
      const mine = front.fields[name];
      const theirs = api.fields[name];
      if (!mine) found.push(`${path}: in the API only`);
      else if (!theirs) found.push(`${path}: in the front end only`);
      else {
        if (mine.optional !== theirs.optional) {
          found.push(`${path}: optional in ${mine.optional ? 'the front end' : 'the API'} only`);
        }
        found.push(...differences(mine, theirs, path));
      }
    }
  }
  return found;
}
