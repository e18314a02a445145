// JSON pointers (RFC 6901): how a field, a schema error and a server error name the same place.

export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  return base + tokens.map((token) => `/${escapeToken(token)}`).join('');
}

export function getAt(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const token of parsePointer(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

/**
 * A copy of root with the value at pointer replaced; only the objects on the way are copied.
 * `undefined` removes the member (an optional field left empty).
 */
export function setAt<T>(root: T, pointer: string, value: unknown): T {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value as T;
  const write = (node: unknown, depth: number): unknown => {
    const token = tokens[depth];
    const container: Record<string, unknown> | unknown[] = Array.isArray(node)
      ? [...node]
      : node !== null && typeof node === 'object'
        ? { ...(node as Record<string, unknown>) }
        : /^\d+$/.test(token)
          ? []
          : {};
    const key = Array.isArray(container) ? Number(token) : token;
    const next = depth === tokens.length - 1 ? value : write((container as Record<string, unknown>)[key], depth + 1);
    if (next === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[token];
    else (container as Record<string | number, unknown>)[key] = next;
    return container;
  };
  return write(root, 0) as T;
}

/** Whether one pointer is the other or lies inside it. */
export function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

export function isWithin(pointer: string, container: string): boolean {
  return container === '' || pointer === container || pointer.startsWith(`${container}/`);
}
