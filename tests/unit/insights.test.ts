import { describe, expect, it } from 'vitest';
import families from '../../plugin/data/agent-families.json' with { type: 'json' };
import { SCHEMAS, createAjv } from '../../plugin/sidecar/core/schemas.js';
import { FamilyClassifier, type AgentFamily } from '../../plugin/sidecar/insights/families.js';
import { mcpChannel, outcomeOf, routeChannel } from '../../plugin/sidecar/insights/channels.js';
import { REDACTED, withoutPersonalData } from '../../plugin/sidecar/insights/redact.js';
import { answerKind, namedMaterials } from '../../plugin/sidecar/insights/answer-kind.js';

const list = (families as { families: AgentFamily[] }).families;

describe('agent families (plugin/data/agent-families.json)', () => {
  it('the list is valid by its schema, with unique ids', () => {
    const validate = createAjv().getSchema(SCHEMAS.AgentFamilies.$id)!;
    expect(validate(families), JSON.stringify(validate.errors)).toBe(true);
    expect(new Set(list.map((f) => f.id)).size).toBe(list.length);
  });

  it('names the assistants and crawlers issue 31 lists', () => {
    const tokens = list.flatMap((f) => f.user_agent_tokens ?? []);
    for (const token of [
      'ChatGPT-User',
      'OAI-SearchBot',
      'GPTBot',
      'Claude-User',
      'ClaudeBot',
      'PerplexityBot',
      'Google-Extended',
      'bingbot',
      'Applebot',
      'meta-externalagent',
    ]) {
      expect(tokens).toContain(token);
    }
  });

  const classifier = new FamilyClassifier();
  // The shape vendors publish: a browser-like string with the token inside.
  const userAgentOf = (token: string) => `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}/1.0; +https://vendor.example/bot)`;

  it.each(list.filter((f) => f.user_agent_tokens?.length).map((f) => [f.id, f.user_agent_tokens!] as const))(
    '%s: each of its tokens lands in it',
    (id, tokens) => {
      for (const token of tokens) expect(classifier.fromUserAgent(userAgentOf(token))).toBe(id);
      expect(classifier.fromUserAgent(userAgentOf(tokens[0]!.toLowerCase()))).toBe(id);
    },
  );

  it('a plain browser, a tool, an empty header', () => {
    expect(classifier.fromUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('browser');
    expect(classifier.fromUserAgent('curl/8.5.0')).toBe('other-agent');
    expect(classifier.fromUserAgent('python-requests/2.32')).toBe('other-agent');
    expect(classifier.fromUserAgent('SomeMadeUpThing 1.0')).toBe('other-agent');
    expect(classifier.fromUserAgent(undefined)).toBe('unknown');
    expect(classifier.fromUserAgent('')).toBe('unknown');
  });

  it('MCP clients by the name initialize carries; unknown names are left to the User-Agent', () => {
    expect(classifier.fromMcpClientName('claude-ai')).toBe('claude-mcp');
    expect(classifier.fromMcpClientName('Visual Studio Code')).toBe('vscode-mcp');
    expect(classifier.fromMcpClientName('openai-mcp')).toBe('chatgpt-mcp');
    expect(classifier.fromMcpClientName('my-own-client')).toBeUndefined();
    expect(classifier.fromMcpClientName(42)).toBeUndefined();
  });

  it('a flood of made-up User-Agents yields only listed ids and keeps the memo bounded', () => {
    const ids = new Set(classifier.ids());
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(classifier.fromUserAgent(`Bot-${i}-${Math.random()}`));
    for (const id of seen) expect(ids.has(id)).toBe(true);
  });
});

describe('channels and outcomes', () => {
  it('a channel per route, operation, document and MCP method, never the raw path', () => {
    expect(routeChannel('GET', '/wp-json/manufacturer-agent/v1/materials/:id')).toBe('rest:GET /materials/:id');
    expect(routeChannel('HEAD', '/wp-json/manufacturer-agent/v1/materials')).toBe('rest:GET /materials');
    expect(routeChannel('POST', '/wp-json/nlweb/v1/ask')).toBe('ask');
    expect(routeChannel('GET', '/llms.txt')).toBe('document:/llms.txt');
    expect(routeChannel('GET', '/_bridge/status')).toBeUndefined();
    expect(routeChannel('GET', undefined)).toBe('other');
    expect(routeChannel('OPTIONS', '/llms.txt')).toBe('preflight');
    const tools = new Set(['get_material']);
    expect(mcpChannel({ method: 'tools/call', params: { name: 'get_material' } }, tools)).toBe('mcp:tools/call:get_material');
    expect(mcpChannel({ method: 'tools/call', params: { name: 'made-up' } }, tools)).toBe('mcp:tools/call:unknown');
    expect(mcpChannel({ method: 'initialize' }, tools)).toBe('mcp:initialize');
    expect(mcpChannel({ method: 'x/y' }, tools)).toBe('mcp:other');
    expect(mcpChannel([{ method: 'ping' }], tools)).toBe('mcp:batch');
  });

  it('outcome classes', () => {
    expect([200, 201, 304, 301, 404, 429, 503].map(outcomeOf)).toEqual(['2xx', '2xx', '304', '3xx', '4xx', '429', '5xx']);
  });
});

describe('questions without personal data', () => {
  it('removes an e-mail address, a telephone number and a street address, keeps the question', () => {
    const asked = 'Ich bin Max, max.mustermann@example.com, Tel. 030 12345678, wohne Musterstraße 12 in Berlin: welches Material für einen Fluchtweg?';
    const kept = withoutPersonalData(asked)!;
    expect(kept).not.toMatch(/example\.com|mustermann@|030 12345678|Musterstraße 12/);
    expect(kept).toContain('welches Material für einen Fluchtweg?');
    expect(kept).toContain(REDACTED);
  });

  it('keeps a question without contact data as it is (dimensions and classes are no contact data)', () => {
    const asked = 'Which wallcovering for a wall of 300 x 250 cm, fire class B-s1,d0, RAL 9010?';
    expect(withoutPersonalData(asked)).toBe(asked);
  });

  it('spelled and full-width forms are found too', () => {
    expect(withoutPersonalData('write to anna at example dot com about samples')).not.toMatch(/anna at example dot com/);
    expect(withoutPersonalData('mail ａｎｎａ＠ｅｘａｍｐｌｅ．ｄｅ please')).not.toContain('ｅｘａｍｐｌｅ');
  });
});

describe('answer kind', () => {
  it('the engine kind first, then routed, fact, catalog', () => {
    expect(answerKind({ routed: true, results: [], kind: 'refused' })).toBe('refused');
    expect(answerKind({ routed: true, results: [{ kind: 'contact', id: 'contact' }] })).toBe('routed');
    expect(answerKind({ routed: false, results: [{ kind: 'company_fact', id: 'company:hours' }] })).toBe('fact');
    expect(answerKind({ routed: false, results: [{ kind: 'material', id: 'vlies' }] })).toBe('catalog');
    expect(
      namedMaterials({
        routed: false,
        results: [
          { kind: 'material', id: 'a' },
          { kind: 'contact', id: 'contact' },
          { kind: 'material', id: 'b' },
        ],
      }),
    ).toEqual(['a', 'b']);
  });
});
