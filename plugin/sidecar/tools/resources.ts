import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { RequestOrigin } from '../core/bridge.js';
import { AGENT_PREFIX, DOCUMENT_PATHS } from '../core/paths.js';
import type { ReadingRoutes } from '../core/reading.js';
import { JSON_CONTENT_TYPE } from '../core/http.js';

const SCHEME = 'manufacturer-agent://';
export const MATERIAL_URI_TEMPLATE = `${SCHEME}materials/{id}`;

/** A fixed resource and the reading route whose answer it is, byte for byte. */
interface FixedResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  path: string;
}

const FIXED: readonly FixedResource[] = [
  {
    uri: `${SCHEME}catalog`,
    name: 'material-catalog',
    title: 'Material catalog',
    description: `The material catalog with verified technical characteristics (the answer of GET ${AGENT_PREFIX}/materials).`,
    path: `${AGENT_PREFIX}/materials`,
  },
  {
    uri: `${SCHEME}company`,
    name: 'company-information',
    title: 'Company information',
    description: `Company facts, the human workflow and the links to the human entry points (the answer of GET ${AGENT_PREFIX}/company).`,
    path: `${AGENT_PREFIX}/company`,
  },
  {
    uri: `${SCHEME}llms-full.txt`,
    name: 'llms-full',
    title: 'Full documentation (llms-full.txt)',
    description: `The full documentation for language models: catalog, workflow, endpoints, limits, errors (GET ${DOCUMENT_PATHS.llmsFull}).`,
    path: DOCUMENT_PATHS.llmsFull,
  },
];

/** The media type without parameters (MCP's mimeType). */
const mediaType = (contentType: string) => contentType.split(';')[0].trim();

/**
 * The catalog, each material, the company information and llms-full.txt as MCP resources. Their text is
 * the reading routes' own answer for the request's site URL (ReadingRoutes.answerFor), so it is the REST
 * content and follows staff edits the moment the REST answer does.
 */
export class McpResources {
  constructor(private readonly reads: ReadingRoutes) {}

  #answer(path: string, origin: RequestOrigin) {
    const answer = this.reads.answerFor(path, origin);
    if (!answer) throw new Error(`No reading route at ${path}`);
    return answer;
  }

  list(scope: { origin: RequestOrigin }) {
    return FIXED.map(({ uri, name, title, description, path }) => ({
      uri,
      name,
      title,
      description,
      mimeType: mediaType(this.#answer(path, scope.origin).contentType),
    }));
  }

  templates() {
    return [
      {
        uriTemplate: MATERIAL_URI_TEMPLATE,
        name: 'material',
        title: 'One material',
        description: `One catalog material by its id (the id of an entry of ${SCHEME}catalog).`,
        mimeType: mediaType(JSON_CONTENT_TYPE),
      },
    ];
  }

  read(uri: string, scope: { origin: RequestOrigin }) {
    const fixed = FIXED.find((r) => r.uri === uri);
    if (fixed) {
      const answer = this.#answer(fixed.path, scope.origin);
      return { contents: [{ uri, mimeType: mediaType(answer.contentType), text: answer.entity.body }] };
    }
    const id = uri.startsWith(`${SCHEME}materials/`) ? uri.slice(`${SCHEME}materials/`.length) : undefined;
    if (id !== undefined) {
      const catalog = JSON.parse(this.#answer(FIXED[0].path, scope.origin).entity.body) as { materials: { id: string }[] };
      const material = catalog.materials.find((m) => m.id === id);
      if (material) return { contents: [{ uri, mimeType: mediaType(JSON_CONTENT_TYPE), text: JSON.stringify(material) }] };
    }
    throw new ResourceNotFoundError(uri, `Resource not found: ${uri}. Resources: ${FIXED.map((r) => r.uri).join(', ')}, ${MATERIAL_URI_TEMPLATE}`);
  }
}
