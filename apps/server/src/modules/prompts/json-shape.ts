/** Checks on a JSON value or text that a schema validator cannot make: its nesting depth, list lengths and repeated keys. */

/** Nesting depth and longest array of a JSON value, without recursion; stops once deeper than `depthLimit`. */
export function jsonShape(value: unknown, depthLimit: number): { depth: number; longestList: number } {
  let depth = 0;
  let longestList = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const entry = stack.pop();
    if (!entry || typeof entry.value !== 'object' || entry.value === null) continue;
    depth = Math.max(depth, entry.depth);
    if (depth > depthLimit) break;
    if (Array.isArray(entry.value)) longestList = Math.max(longestList, entry.value.length);
    for (const child of Object.values(entry.value)) stack.push({ value: child, depth: entry.depth + 1 });
  }
  return { depth, longestList };
}

type Frame =
  { kind: 'object'; keys: Set<string>; key: string | undefined; expectKey: boolean } | { kind: 'array'; index: number };

/**
 * Paths of the object keys that occur twice in one object of a valid JSON text, e.g.
 * `[['parameters', 'properties', 'email']]`. A scanner rather than a parser: the text has already parsed.
 */
export function findDuplicateKeys(json: string): string[][] {
  const found: string[][] = [];
  const stack: Frame[] = [];
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index];
    if (char === '"') {
      let end = index + 1;
      let escaped = false;
      while (end < json.length && json[end] !== '"') {
        if (json[end] === '\\') {
          escaped = true;
          end += 2;
        } else end += 1;
      }
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.expectKey) {
        const literal = json.slice(index, end + 1);
        const key = escaped ? String(JSON.parse(literal)) : literal.slice(1, -1);
        if (top.keys.has(key)) found.push([...pathOf(stack.slice(0, -1)), key]);
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      index = end;
    } else if (char === '{') stack.push({ kind: 'object', keys: new Set(), key: undefined, expectKey: true });
    else if (char === '[') stack.push({ kind: 'array', index: 0 });
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'object') top.expectKey = true;
      else if (top) top.index += 1;
    }
  }
  return found;
}

function pathOf(frames: Frame[]): string[] {
  return frames.map((frame) => (frame.kind === 'object' ? (frame.key ?? '') : String(frame.index)));
}
