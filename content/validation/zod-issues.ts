import type { z } from 'zod';
import { pluralRu } from '@/lib/plural';
import { calendarDateMessage } from '@/lib/calendar';
import { fieldPath } from './field-labels';
import type { ContentProblem } from './problems';

/**
 * Zod's issues, told in Russian for the marketing team: what is allowed and what the entry holds now.
 * A message a schema wrote in Russian (a rule of ours) is kept; zod's own English ones are rewritten.
 */
type Issue = z.core.$ZodIssue;

const cyrillic = /[а-яё]/i;
const characters = { one: 'символ', few: 'символа', many: 'символов' };
const elements = { one: 'элемент', few: 'элемента', many: 'элементов' };
/** After «не меньше N», «не длиннее N»: 1 символа, 5 символов. */
const charactersAfterLimit = { one: 'символа', few: 'символов', many: 'символов' };
const elementsAfterLimit = { one: 'элемента', few: 'элементов', many: 'элементов' };

const expectedNames: Record<string, string> = {
  string: 'текст в кавычках',
  number: 'число',
  int: 'целое число',
  boolean: 'true или false',
  array: 'список в квадратных скобках',
  object: 'объект в фигурных скобках',
  date: 'дата',
};

/** The problems of one entry that failed its schema. */
export function issueProblems(error: z.ZodError, input: unknown, where: { file: string; entry?: string }): ContentProblem[] {
  return error.issues.map((issue) => ({
    ...where,
    field: fieldPath(issue.path) || undefined,
    message: issueMessage(issue, valueAt(input, issue.path)),
  }));
}

export function issueMessage(issue: Issue, value: unknown): string {
  if (cyrillic.test(issue.message)) return withCurrent(issue.message, currentOf(issue, value));
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'обязательное поле, не заполнено';
      return withCurrent(`нужно: ${expectedNames[issue.expected] ?? issue.expected}`, shownValue(value));
    case 'too_small':
      return withCurrent(tooSmall(issue), measured(issue.origin, value));
    case 'too_big':
      return withCurrent(tooBig(issue), measured(issue.origin, value));
    case 'invalid_format':
      if (issue.format === 'date') return withCurrent(calendarDateMessage, shownValue(value));
      return withCurrent('значение не в том формате', shownValue(value));
    case 'invalid_value':
      return withCurrent(`допустимо: ${issue.values.map((allowed) => `«${String(allowed)}»`).join(', ')}`, shownValue(value));
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `лишнее поле «${issue.keys[0]}»: такого поля нет (опечатка в названии?)`
        : `лишние поля ${issue.keys.map((key) => `«${key}»`).join(', ')}: таких полей нет (опечатки в названиях?)`;
    case 'invalid_union':
      return withCurrent('значение не подходит ни под один из допустимых видов', shownValue(value));
    case 'not_multiple_of':
      return withCurrent(`нужно число, кратное ${String(issue.divisor)}`, shownValue(value));
    default:
      return withCurrent('недопустимое значение', shownValue(value));
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const minimum = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return minimum <= 1 ? 'не должно быть пустым' : `не короче ${minimum} ${pluralRu(minimum, charactersAfterLimit)}`;
    case 'array':
    case 'set':
      return `нужно не меньше ${minimum} ${pluralRu(minimum, elementsAfterLimit)}`;
    default:
      return issue.inclusive ? `должно быть не меньше ${minimum}` : `должно быть больше ${minimum}`;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const maximum = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return `не длиннее ${maximum} ${pluralRu(maximum, charactersAfterLimit)}`;
    case 'array':
    case 'set':
      return `не больше ${maximum} ${pluralRu(maximum, elementsAfterLimit)}`;
    default:
      return issue.inclusive ? `должно быть не больше ${maximum}` : `должно быть меньше ${maximum}`;
  }
}

/** The value the entry holds now, as a rule of ours reports it. */
function currentOf(issue: Issue, value: unknown): string | undefined {
  if (issue.code === 'too_small' || issue.code === 'too_big') return measured(issue.origin, value);
  return shownValue(value);
}

/** What to report as "now": a text's or a list's length rather than the whole value. */
function measured(origin: string, value: unknown): string | undefined {
  if (origin === 'string' && typeof value === 'string') return value.trim() === '' ? undefined : `${value.length} ${pluralRu(value.length, characters)}`;
  if ((origin === 'array' || origin === 'set') && Array.isArray(value)) return `${value.length} ${pluralRu(value.length, elements)}`;
  return shownValue(value);
}

function withCurrent(message: string, shown: string | undefined): string {
  return shown === undefined ? message : `${message}; сейчас ${shown}`;
}

function shownValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.length > 60 ? `«${value.slice(0, 57)}…»` : `«${value}»`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  return undefined;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
