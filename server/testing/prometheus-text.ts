/**
 * A strict reader of the Prometheus text exposition format (0.0.4) for tests: every line must be a
 * HELP, TYPE or comment line or a sample of a family declared by TYPE before it; anything else throws.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case; prom-client writes `Nan`. */
function parseValue(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  const value = Number(text);
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) || Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`bad labels in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
  }
  return labels;
}

export function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const type = new RegExp(`^# TYPE (${NAME}) (\\S+)$`).exec(line);
      if (type) {
        if (!TYPES.has(type[2]!)) throw new Error(`unknown type in: ${line}`);
        types.set(type[1]!, type[2]!);
      } else if (line.startsWith('# TYPE') || (line.startsWith('# HELP') && !new RegExp(`^# HELP ${NAME} `).test(line))) {
        throw new Error(`bad metadata line: ${line}`);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`bad sample line: ${line}`);
    const name = match[1]!;
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(family)) throw new Error(`sample of an undeclared family: ${line}`);
    samples.push({ name, labels: parseLabels(match[2] ?? '', line), value: parseValue(match[3]!, line) });
  }
  return samples;
}
