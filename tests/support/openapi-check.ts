import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { responses: Record<string, ResponseObject>; schemas: Record<string, unknown> };
};
type ResponseObject = { $ref?: string; description?: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> };

const DOC_ID = 'https://openapi.test/openapi.json';

/** Checks answers against a served openapi.json: status documented, media type documented, body valid. */
export class OpenApiChecker {
  readonly doc: Doc;
  #ajv: Ajv2020;
  #validators = new Map<string, ValidateFunction>();

  constructor(doc: unknown) {
    this.doc = doc as Doc;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...(doc as object), $id: DOC_ID });
  }

  #validator(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#ajv.compile(rebase(schema) as object);
      this.#validators.set(key, validate);
    }
    return validate;
  }

  /** Returns a list of mismatches; empty when the answer conforms. */
  check(method: string, pathname: string, status: number, contentType: string | null, bodyText: string): string[] {
    const item = this.doc.paths[pathname] ?? this.doc.paths[`${pathname}/`] ?? this.doc.paths[pathname.replace(/(.)\/$/, '$1')];
    const operation = item?.[method.toLowerCase()];
    if (!operation) {
      // Unknown routes are not in the document; their answers must still be problems.
      if (status === 404 || status === 429) return this.#checkProblem(contentType, bodyText, `${method} ${pathname} ${status}`);
      return [`${method} ${pathname} is not described in openapi.json`];
    }
    let response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) return [`${method} ${pathname}: status ${status} is not documented`];
    if (response.$ref) response = this.doc.components.responses[response.$ref.split('/').pop()!];
    if (!response.content) {
      return bodyText === '' ? [] : [`${method} ${pathname} ${status}: documented without a body, got ${bodyText.slice(0, 80)}`];
    }
    const mediaType = (contentType ?? '').split(';')[0].trim();
    const media = response.content[mediaType];
    if (!media) return [`${method} ${pathname} ${status}: content type ${mediaType} not documented (${Object.keys(response.content).join(', ')})`];
    if (!mediaType.endsWith('json')) return [];
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return [`${method} ${pathname} ${status}: body is not JSON`];
    }
    const validate = this.#validator(media.schema);
    return validate(body) ? [] : [`${method} ${pathname} ${status}: ${this.#ajv.errorsText(validate.errors)}`];
  }

  #checkProblem(contentType: string | null, bodyText: string, what: string): string[] {
    if (!(contentType ?? '').startsWith('application/problem+json')) return [`${what}: not application/problem+json`];
    const validate = this.#validator({ $ref: '#/components/schemas/Problem' });
    return validate(JSON.parse(bodyText)) ? [] : [`${what}: ${this.#ajv.errorsText(validate.errors)}`];
  }
}

/** Local refs of the document, made absolute so a fragment compiles on its own. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : rebase(v)]),
  );
}
