/**
 * The spec's calls table (docs/spec-interface.md) read as data: each call the site itself serves, with its
 * method, path, the fields its payload names and what its answer must carry. The contract test
 * (tests/system/spec-contract.test.ts) walks these rows, so the table, not a list in a test, says what
 * the site must keep answering.
 */
import fs from 'node:fs';

export type Payload =
  | { kind: 'none' }
  /** A JSON body: every leaf the table names, as dotted paths (`extra.utm.source`). */
  | { kind: 'json'; fields: string[] }
  /** Query parameters, with the defaults the table gives (`q (default 75)`). */
  | { kind: 'query'; parameters: string[]; defaults: Record<string, string> };

export type Answer =
  /** The browser reads `data.<field>` of the JSON answer. */
  | { kind: 'field'; field: string }
  /** A JSON list whose items carry these fields. */
  | { kind: 'list'; itemFields: string[] }
  /** An image (the image optimiser). */
  | { kind: 'image' };

export interface SpecCall {
  method: 'GET' | 'POST';
  path: string;
  payload: Payload;
  answer: Answer;
  /** The row as the spec writes it, for failure messages. */
  row: string;
}

/** The table's rows: `| Call | Payload | Response handling |`, the header and its rule left out. */
function tableRows(markdown: string): string[][] {
  const section = markdown.slice(markdown.indexOf('## Calls the product makes'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/**
 * `extra {utm {source, medium}, page_path}, form {id}` → `extra.utm.source`, `extra.utm.medium`,
 * `extra.page_path`, `form.id`: names, braces that open a name's fields, commas between siblings.
 */
export function fieldPaths(description: string): string[] {
  const tokens = description.match(/[A-Za-z_][\w]*|[{},]/g) ?? [];
  const paths: string[] = [];
  const parents: string[] = [];
  let last: string | undefined;
  const closeLeaf = () => {
    if (last !== undefined) paths.push([...parents, last].join('.'));
    last = undefined;
  };
  for (const token of tokens) {
    if (token === '{') {
      if (last === undefined) throw new Error(`a field list opens without a name in «${description}»`);
      parents.push(last);
      last = undefined;
    } else if (token === '}') {
      closeLeaf();
      if (parents.pop() === undefined) throw new Error(`unbalanced braces in «${description}»`);
    } else if (token === ',') {
      closeLeaf();
    } else {
      if (last !== undefined) throw new Error(`two names without a comma in «${description}»: ${last} ${token}`);
      last = token;
    }
  }
  closeLeaf();
  if (parents.length > 0) throw new Error(`unbalanced braces in «${description}»`);
  return paths;
}

function payloadOf(cell: string): Payload {
  if (cell === 'none') return { kind: 'none' };
  const json = /^JSON: (.+)$/.exec(cell);
  if (json) return { kind: 'json', fields: fieldPaths(json[1]!) };
  const query = /^query: (.+)$/.exec(cell);
  if (query) {
    const defaults: Record<string, string> = {};
    const parameters = query[1]!.split(',').map((part) => {
      const [, name, fallback] = /^\s*(\w+)(?:\s*\(default (\w+)\))?\s*$/.exec(part) ?? [];
      if (!name) throw new Error(`unreadable query parameter «${part}»`);
      if (fallback !== undefined) defaults[name] = fallback;
      return name;
    });
    return { kind: 'query', parameters, defaults };
  }
  throw new Error(`unreadable payload «${cell}»`);
}

function answerOf(cell: string): Answer {
  const field = /\bdata\.(\w+)/.exec(cell);
  if (field) return { kind: 'field', field: field[1]! };
  const list = /^A list of items with ([\w, ]+?)\./.exec(cell);
  if (list) return { kind: 'list', itemFields: list[1]!.split(',').map((name) => name.trim()) };
  if (/^Image optimisation\b/.test(cell)) return { kind: 'image' };
  throw new Error(`unreadable response handling «${cell}»`);
}

/**
 * The calls of the table that the site serves (a path of its own: `GET /api/gift-schedule`); the rows
 * that go elsewhere (a native form's post to GetCourse, the geolocation service) are not the site's.
 */
export function specCalls(markdown: string): SpecCall[] {
  return tableRows(markdown).flatMap(([call = '', payload = '', response = '']) => {
    const served = /^(GET|POST) (\/\S+)/.exec(call);
    if (!served) return [];
    return [{ method: served[1] as 'GET' | 'POST', path: served[2]!, payload: payloadOf(payload), answer: answerOf(response), row: call }];
  });
}

export function readSpecCalls(file = 'docs/spec-interface.md'): SpecCall[] {
  return specCalls(fs.readFileSync(file, 'utf8'));
}
