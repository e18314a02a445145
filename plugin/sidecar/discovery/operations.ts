import type { OpenApiOperation, OpenApiPaths } from '../core/openapi-parts.js';
import { componentSchema } from '../core/schema-refs.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationParameter {
  name: string;
  in: string;
  required: boolean;
  /** Allowed values where the schema is an enumeration. */
  allowed?: readonly string[];
}

/** One operation of openapi.json, as the text documents list it. */
export interface OperationSummary {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  parameters: OperationParameter[];
  /** Name of the component schema of the JSON request body, if any. */
  body?: string;
}

type Schema = { $ref?: string; enum?: unknown[] };

function resolve(schema: Schema | undefined): Schema | undefined {
  return schema?.$ref ? (componentSchema(schema.$ref) as Schema | undefined) : schema;
}

/**
 * The operations of the paths object openapi.json is built from, in document order. The documents
 * list exactly these, so an endpoint list cannot drift from openapi.json.
 */
export function listOperations(paths: OpenApiPaths): OperationSummary[] {
  const out: OperationSummary[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of Object.keys(item).filter((key): key is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(key))) {
      const op = item[method] as OpenApiOperation;
      const parameters: OperationParameter[] = [];
      for (const p of (op.parameters ?? []) as Array<Record<string, unknown>>) {
        if (typeof p.$ref === 'string') continue; // shared parameters such as If-None-Match
        const schema = resolve(p.schema as Schema | undefined);
        parameters.push({
          name: String(p.name),
          in: String(p.in),
          required: p.required === true,
          ...(Array.isArray(schema?.enum) ? { allowed: schema.enum.filter((v): v is string => typeof v === 'string') } : {}),
        });
      }
      const bodyRef = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json']?.schema?.$ref;
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId ?? ''),
        summary: String(op.summary ?? ''),
        tags: (op.tags as string[] | undefined) ?? [],
        parameters,
        ...(bodyRef ? { body: bodyRef.split('/').pop() } : {}),
      });
    }
  }
  return out;
}
