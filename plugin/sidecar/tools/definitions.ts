import { ProblemError, type FieldError } from '../core/errors.js';
import { fieldList, toFieldErrors, validatorFor, type SchemaName } from '../core/schemas.js';
import type { ServiceDeps } from '../deps.js';
import type { NextStep } from '../core/site-config.js';
import { AGENT_PREFIX } from '../core/paths.js';
import { companyInformation } from '../company/company.js';
import { materialCatalog, parsePriority, recommendMaterial } from '../materials/catalog.js';
import { parseHandoffToolCall } from '../handoffs/handoff.js';
import { createHandoffOnce } from '../handoffs/create-once.js';
import { dereferencedSchema, type JsonSchema } from '../core/schema-refs.js';
import { handoffGuide } from './guide.js';
import { pictureLinks, type PictureLink } from '../materials/pictures.js';
import type { Material } from '../core/site-config.js';

export const HANDOFF_TOOL = 'create_idempotent_project_handoff';

/** What a tool call may use: the service and the site URL its links must carry. */
export interface ToolContext {
  deps: ServiceDeps;
  publicBase: string;
  /** The caller, as the request resolved it: the store counts the handoff limit per client. */
  clientAddress: string;
}

/** MCP ToolAnnotations; every hint is set explicitly, so no client falls back to the pessimistic defaults. */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** A tool as tools/list, mcp.json and the server card publish it. */
export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
}

export interface ToolResult {
  content: ({ type: 'text'; text: string } | PictureLink)[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: SchemaName;
  output: SchemaName;
  annotations: Omit<ToolAnnotations, 'title'>;
  run(args: Record<string, unknown>, context: ToolContext): unknown;
  /** The materials a result names, whose pictures follow the text as resource links. */
  materials?(result: never): readonly Material[];
}

/** Calling a tool that does not exist: a protocol error (JSON-RPC -32602), not a tool result. */
export class UnknownToolError extends Error {
  constructor(readonly toolName: string) {
    super(`Unknown tool: ${toolName}`);
    this.name = 'UnknownToolError';
  }
}

/** Bound of the read-only results kept per revision (arguments and site URLs are few; this only caps odd traffic). */
const MAX_CACHED_RESULTS = 256;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The handoff tool: the REST door's call, parsed and stored as POST /handoffs does. */
async function createHandoffTool(args: Record<string, unknown>, { deps, publicBase, clientAddress }: ToolContext) {
  const { replayed, handoff } = await createHandoffOnce(deps, parseHandoffToolCall(args, deps.site.config), { publicBase, clientAddress });
  // The stored answer's bytes are what POST /handoffs returns; the tool returns the same object.
  return { replayed, handoff: JSON.parse(handoff.body) as Record<string, unknown> };
}

function definitions(retentionDays: number): ToolDefinition[] {
  return [
    {
      name: 'get_company_information',
      title: 'Company information',
      description:
        'Company facts of the wallpaper manufacturer: business model (B2B, custom production, no self-service), human-mediated ordering, ' +
        'telephone line and hours, advisor response time, the human workflow from first contact to delivery, file transfer, production and delivery times, ' +
        'and absolute links to the contact form and the Wallcheck page. Texts in German and English. Same data as GET ' +
        `${AGENT_PREFIX}/company.`,
      input: 'ToolNoArguments',
      output: 'CompanyInformation',
      annotations: READ_ONLY,
      run: (_args, { deps, publicBase }) => companyInformation(deps.site.config, publicBase),
    },
    {
      name: 'list_materials',
      title: 'List materials',
      description:
        'The material catalog with verified technical characteristics: weight, printable width, fire classification, cleanability, wet-room suitability, ' +
        'certifications and the project priorities each material serves. Figures are typical values from test reports, not guaranteed minimums. ' +
        `Same data as GET ${AGENT_PREFIX}/materials.`,
      input: 'ToolNoArguments',
      output: 'MaterialCatalog',
      annotations: READ_ONLY,
      run: (_args, { deps }) => materialCatalog(deps.site.config),
      materials: (result: ReturnType<typeof materialCatalog>) => result.materials,
    },
    {
      name: 'recommend_material',
      title: 'Recommend a material',
      description:
        'Recommends one catalog material for a declared project priority (fire safety, robustness, visual effect, sustainability or wet rooms; ' +
        'the allowed values are the enum of priority) with the reason in German and English. An advisor confirms the choice for the project. ' +
        `Same data as GET ${AGENT_PREFIX}/materials/recommendation.`,
      input: 'RecommendMaterialInput',
      output: 'Recommendation',
      annotations: READ_ONLY,
      run: (args, { deps }) => recommendMaterial(deps.site.config, parsePriority(args.priority)),
      materials: (result: ReturnType<typeof recommendMaterial>) => [result.material],
    },
    {
      name: 'start_project_handoff',
      title: 'Start a project handoff',
      description:
        'Explains how a person continues with a next step (project enquiry, sample request or Wallcheck; project enquiry when next_step is left out): ' +
        "the site's own page to open, the telephone line and its hours, the advisor response time and what to prepare. Records nothing. " +
        `To create a link that carries the collected details, call ${HANDOFF_TOOL}.`,
      input: 'HandoffGuideInput',
      output: 'HandoffGuide',
      annotations: READ_ONLY,
      run: (args, { deps, publicBase }) => handoffGuide(deps.site.config, publicBase, (args.next_step as NextStep | undefined) ?? 'project_enquiry'),
    },
    {
      name: HANDOFF_TOOL,
      title: 'Create a project handoff (idempotent)',
      description:
        "Creates a human-reviewed next step (project enquiry, sample request or Wallcheck) and returns its link to the site's own page, where the person " +
        'checks what was collected, adds their own contact details and sends the form; only then does an advisor receive it. Nothing is ordered. ' +
        `Behaves exactly as POST ${AGENT_PREFIX}/handoffs (createProjectHandoff) and shares its keys: idempotency_key is its Idempotency-Key. ` +
        'Retrying with the same key and the same next_step and requirements returns the same handoff with replayed: true and creates nothing; ' +
        `the same key with different arguments is refused. Keys are kept ${retentionDays} days. Never send personal data.`,
      input: 'HandoffToolInput',
      output: 'HandoffToolResult',
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      run: createHandoffTool,
    },
  ];
}

/** Where a REST problem names a header or query parameter, the tool names its argument. */
const ARGUMENT_FIELDS: Record<string, string> = {
  'header:Idempotency-Key': '/idempotency_key',
  'query:priority': '/priority',
};

function toolFieldErrors(errors: FieldError[]): FieldError[] {
  return errors.map((e) => ({ field: ARGUMENT_FIELDS[e.field] ?? e.field, message: e.message }));
}

function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The five tools, each with its schemas from schemas/ (inlined) and one implementation shared by every protocol era. */
export class ToolRegistry {
  readonly #definitions: Map<string, ToolDefinition>;
  readonly #descriptors: ToolDescriptor[];
  /**
   * Results of the read-only tools for the configuration revision in force: each is a function of the
   * configuration, the site URL and the arguments only, so it is computed and checked against its
   * output schema once per revision, like the REST answers (SiteState.entity).
   */
  #results = new Map<string, ToolResult>();
  #resultsRevision = '';

  constructor(retentionDays: number) {
    const list = definitions(retentionDays);
    this.#definitions = new Map(list.map((d) => [d.name, d]));
    this.#descriptors = list.map((d) => ({
      name: d.name,
      title: d.title,
      description: d.description,
      inputSchema: dereferencedSchema(d.input),
      outputSchema: dereferencedSchema(d.output),
      annotations: { title: d.title, ...d.annotations },
    }));
  }

  /** In a fixed order, so clients can cache the list. */
  list(): ToolDescriptor[] {
    return structuredClone(this.#descriptors);
  }

  /** A tool whose result is a function of the configuration, the site URL and the arguments only. */
  isReadOnly(name: string): boolean {
    return this.#definitions.get(name)?.annotations.readOnlyHint === true;
  }

  names(): string[] {
    return [...this.#definitions.keys()];
  }

  /**
   * Invalid arguments and refused requests become isError results that say what is wrong, so the model can
   * correct itself; an unknown tool throws UnknownToolError; anything unexpected is rethrown.
   */
  async call(name: string, rawArgs: unknown, context: ToolContext): Promise<ToolResult> {
    const tool = this.#definitions.get(name);
    if (!tool) throw new UnknownToolError(name);
    const args = rawArgs ?? {};
    const validate = validatorFor(tool.input);
    if (!validate(args)) {
      return errorResult(`Invalid arguments for ${name}: ${fieldList(toFieldErrors(validate.errors))}.`);
    }
    const cacheKey = tool.annotations.readOnlyHint ? `${name}\n${context.publicBase}\n${JSON.stringify(args)}` : undefined;
    if (cacheKey !== undefined) {
      const revision = context.deps.site.revision;
      if (revision !== this.#resultsRevision || this.#results.size >= MAX_CACHED_RESULTS) {
        this.#results.clear();
        this.#resultsRevision = revision;
      }
      const cached = this.#results.get(cacheKey);
      if (cached) return { ...cached };
    }
    let structured: unknown;
    try {
      structured = await tool.run(args as Record<string, unknown>, context);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      const fields = toolFieldErrors(error.errors ?? []);
      const detail = error.message.replace(/The Idempotency-Key header|This Idempotency-Key|Idempotency-Key/g, 'idempotency_key');
      const lead = error.status === 400 ? `Invalid arguments for ${name}: ` : '';
      return errorResult(`${error.code}: ${fields.length ? `${lead}${fieldList(fields)}. ` : ''}${detail}`);
    }
    const check = validatorFor(tool.output);
    if (!check(structured)) {
      // A server bug, never the caller's: answer with an internal error rather than break the published schema.
      throw new Error(`${name} produced output that violates ${tool.output}: ${fieldList(toFieldErrors(check.errors))}`);
    }
    const links = tool.materials ? pictureLinks(tool.materials(structured as never)) : [];
    const result: ToolResult = {
      content: [{ type: 'text', text: JSON.stringify(structured) }, ...links],
      structuredContent: structured as Record<string, unknown>,
    };
    if (cacheKey !== undefined && context.deps.site.revision === this.#resultsRevision) this.#results.set(cacheKey, result);
    return { ...result };
  }
}
