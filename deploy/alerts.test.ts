/**
 * deploy/alerts.yml: a rule file Prometheus loads (promtool, where installed; otherwise the structure it
 * requires), and every metric it names is one the site exposes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REFUSAL_REASONS, renderMetrics } from '@/server/ops/metrics';
import { createSqliteDatabase, type TestDatabase } from '@/server/testing/databases';
import { parseExposition } from '@/server/testing/prometheus-text';

const file = path.join(__dirname, 'alerts.yml');
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((candidate) => fs.existsSync(candidate));
if (!promtool)
  console.warn(
    '\n[deploy test] promtool is not installed (npm test installs the Debian package prometheus where it may: scripts/ensure-debian-package.ts): `promtool check rules` is SKIPPED; the structure test still runs.\n',
  );

interface Rule {
  alert?: string;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

describe('Prometheus alerting rules', () => {
  let database: TestDatabase;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ database, dispose } = await createSqliteDatabase()));
  afterAll(() => dispose());

  const rules = (): Rule[] => {
    const document = parse(fs.readFileSync(file, 'utf8')) as { groups?: { name?: unknown; rules?: Rule[] }[] };
    expect(Array.isArray(document.groups)).toBe(true);
    return document.groups!.flatMap((group) => {
      expect(typeof group.name).toBe('string');
      return group.rules ?? [];
    });
  };

  it.skipIf(!promtool)('passes promtool check rules', () => {
    const result = spawnSync(promtool!, ['check', 'rules', file], { encoding: 'utf8' });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  });

  it('has the fields Prometheus requires, and covers dead deliveries, a stale queue and a lost instance', () => {
    const all = rules();
    for (const rule of all) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      expect(typeof rule.expr).toBe('string');
      expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(rule.labels?.severity).toBeTypeOf('string');
      expect(rule.annotations?.summary).toBeTypeOf('string');
      // Balanced brackets: the commonest way to break an expression by hand.
      for (const [open, close] of [
        ['(', ')'],
        ['{', '}'],
        ['[', ']'],
      ] as const) {
        const text = rule.expr as string;
        expect(text.split(open).length, `${rule.alert}: ${open}${close}`).toBe(text.split(close).length);
      }
    }
    const expressions = all.map((rule) => rule.expr as string).join('\n');
    expect(expressions).toMatch(/school_outbox_deliveries\{state="dead"\}\) > 0/);
    expect(expressions).toMatch(/school_outbox_oldest_waiting_age_seconds\) > 900/);
    expect(expressions).toMatch(/up\{job="school-site"\} == 0/);
  });

  it('names only metrics and label values the site exposes', async () => {
    const { body } = await renderMetrics(database.repos, Date.now());
    const exposed = parseExposition(body);
    const families = new Set(exposed.map((sample) => sample.name));
    for (const rule of rules()) {
      for (const [, name, selector] of (rule.expr as string).matchAll(/\b(school_[a-z_]+)(?:\{([^}]*)\})?/g)) {
        // A counter no lead has moved yet has no series: its family is declared in the HELP lines.
        expect(families.has(name!) || body.includes(`# TYPE ${name} `), `${rule.alert}: ${name}`).toBe(true);
        for (const [, label, value] of (selector ?? '').matchAll(/(\w+)="([^"]*)"/g)) {
          if (name === 'school_outbox_deliveries' || name === 'school_lead_alerts') {
            expect(
              exposed.some((sample) => sample.name === name && sample.labels[label!] === value),
              `${rule.alert}: ${label}=${value}`,
            ).toBe(true);
          } else {
            expect(REFUSAL_REASONS, `${rule.alert}: ${label}=${value}`).toContain(value);
          }
        }
      }
    }
  });
});
