import { describe, expect, it } from 'vitest';
import { emailSchema, fullNameSchema, idsRequestSchema, leadFormSchema, leadRequestSchema, phoneSchema } from './lead';

type Case = [input: unknown, expected: string | null];

type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } };

function firstError(schema: Schema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'unknown');
}

/** One test a case, the cases of a missing value included (every field is required): the schema's first error, null where it passes. */
function itGivesFirstErrors(schema: Schema, cases: Case[]) {
  const missing: Case[] = [
    ['', 'Обязательное'],
    [undefined, 'Обязательное'],
  ];
  it.each([...cases, ...missing])('%j → %s', (input, expected) => {
    expect(firstError(schema, input)).toBe(expected);
  });
}

describe('fullName', () => {
  const cases: Case[] = [
    ['Анна', null],
    ['Анна-Мария', null],
    ["Д'Артаньян", null],
    ['Д’Артаньян', null],
    ['Иван Петров', null],
    ['José', null],
    ['Zoë', null],
    ['Ё\u0308лка', null], // combining diaeresis
    ['Σωκράτης', null],
    ['  Анна  ', null],
    ['   ', 'Обязательное'],
    ['Анна1', 'Некорректное имя'],
    ['Anna_K', 'Некорректное имя'],
    ['<script>', 'Некорректное имя'],
    ['Анна!', 'Некорректное имя'],
    ['а'.repeat(60), null],
    ['а'.repeat(61), 'Слишком длинное имя'],
  ];
  itGivesFirstErrors(fullNameSchema, cases);
});

describe('email', () => {
  const cases: Case[] = [
    ['anna@example.com', null],
    ['anna.petrova+course@mail.ru', null],
    ['  anna@example.com ', null],
    ['ivan@почта.рф', null],
    ['anna', 'Некорректная почта'],
    ['anna@', 'Некорректная почта'],
    ['anna@example', 'Некорректная почта'],
    ['an na@example.com', 'Некорректная почта'],
    ['.anna@example.com', 'Некорректная почта'],
    ['anna@@example.com', 'Некорректная почта'],
    [`${'a'.repeat(48)}@example.com`, null], // 60 characters
    [`${'a'.repeat(49)}@example.com`, 'Слишком длинная почта'],
  ];
  itGivesFirstErrors(emailSchema, cases);
});

describe('phone', () => {
  const cases: Case[] = [
    ['+7 912 345-67-89', null],
    ['+79123456789', null],
    ['+7 495 123-45-67', null], // fixed line
    ['+375 29 123-45-67', null], // Belarus mobile
    ['+1 212 555 0123', null],
    ['+49 30 12345678', null],
    ['+7', 'Некорректный номер'],
    ['+7 912 345', 'Некорректный номер'], // too short
    ['+7 912 345 67 89 00', 'Некорректный номер'], // too long
    ['+7 012 345-67-89', 'Некорректный номер'], // no such number type
    ['abc', 'Некорректный номер'],
    ['+7 987 654-32-10', 'Некорректный номер'], // blocked national number
    ['+1 987 654 3210', 'Некорректный номер'],
    ['+7 999 999-99-99', 'Некорректный номер'], // a digit 5+ times in a row
    ['+7 912 000-00-12', 'Некорректный номер'],
    ['+7 912 300-00-12', null], // four in a row is fine
  ];
  itGivesFirstErrors(phoneSchema, cases);
});

describe('lead form and lead request', () => {
  it('accepts a complete lead', () => {
    expect(leadFormSchema.parse({ fullName: ' Анна ', email: 'anna@example.com', phone: '+79123456789' })).toEqual({
      fullName: 'Анна',
      email: 'anna@example.com',
      phone: '+79123456789',
    });
  });

  it('reports every bad field of a lead with its path', () => {
    const result = leadRequestSchema.safeParse({ form: { id: '' }, contacts: { name: '1', email: 'x', phone: '' } });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['form.id', 'Обязательное'],
      ['contacts.name', 'Некорректное имя'],
      ['contacts.email', 'Некорректная почта'],
      ['contacts.phone', 'Обязательное'],
    ]);
  });

  it('fills the optional extra block of the spec payload', () => {
    const parsed = leadRequestSchema.parse({
      form: { id: 'contact' },
      contacts: { name: 'Анна', email: 'anna@example.com', phone: '+79123456789' },
    });
    expect(parsed.extra).toEqual({ utm: {}, page_path: '/' });
  });
});

/**
 * Characters no stored field may hold: NUL (PostgreSQL refuses it in text, SQLite keeps it), the other
 * C0 controls (BEL, ESC, tab, line breaks), DEL, the C1 controls, bidi overrides and isolates, and lone
 * surrogates (SQLite writes them as invalid UTF-8). Each is refused with the field's own message.
 */
const unsafe = {
  NUL: '\u0000',
  BEL: '\u0007',
  ESC: '\u001b',
  TAB: '\t',
  'line feed': '\n',
  DEL: '\u007f',
  'C1 NEL': '\u0085',
  'right-to-left override': '\u202e',
  'left-to-right embedding': '\u202a',
  'first strong isolate': '\u2068',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udc00',
} as const;
const unsafeCases = Object.entries(unsafe);

describe('text that is text: control characters, bidi overrides and lone surrogates refused', () => {
  it.each(unsafeCases)('%s in the name, the e-mail and the phone: the field message', (_, character) => {
    expect(firstError(fullNameSchema, `Ан${character}на`)).toBe('Некорректное имя');
    expect(firstError(emailSchema, `an${character}na@example.com`)).toBe('Некорректная почта');
    expect(firstError(emailSchema, `anna@exam${character}ple.com`)).toBe('Некорректная почта');
    expect(firstError(phoneSchema, `+7 916${character}765-43-21`)).toBe('Некорректный номер');
  });

  it('reports one error a field, not the character rule and the format rule both', () => {
    const result = emailSchema.safeParse('an\u0000na@example');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Некорректная почта']);
  });

  it('keeps letters of every script, combining marks and characters outside the basic plane', () => {
    expect(firstError(fullNameSchema, 'Ё\u0308лка')).toBeNull();
    expect(firstError(fullNameSchema, 'שרה')).toBeNull();
    expect(firstError(emailSchema, 'ivan@почта.рф')).toBeNull();
  });

  const lead = (extra: Record<string, unknown>, form = 'contact') => ({
    extra: { utm: {}, page_path: '/', ...extra },
    form: { id: form },
    contacts: { name: 'Анна', email: 'anna@example.com', phone: '+79123456789' },
  });
  const issuesOf = (schema: Schema, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error!.issues.map((issue) => [(issue as { path?: PropertyKey[] }).path?.join('.'), issue.message]);
  };

  it.each(unsafeCases)('%s in every other field of the lead: its path and its message', (_, character) => {
    const bad = `a${character}b`;
    const cases: [Record<string, unknown>, string, string][] = [
      ...['source', 'medium', 'campaign', 'content', 'term', 'id'].map(
        (key) => [{ utm: { [key]: bad } }, `extra.utm.${key}`, 'Некорректная UTM-метка'] as [Record<string, unknown>, string, string],
      ),
      [{ page_path: `/products/${bad}` }, 'extra.page_path', 'Некорректный адрес страницы'],
      [{ variant_id: bad }, 'extra.variant_id', 'Некорректный идентификатор'],
      [{ block_id: bad }, 'extra.block_id', 'Некорректный идентификатор'],
      [{ ids: { googleClientId: bad } }, 'extra.ids.googleClientId', 'Некорректный идентификатор'],
      [{ ids: { yandexClientId: bad } }, 'extra.ids.yandexClientId', 'Некорректный идентификатор'],
    ];
    for (const [extra, path, message] of cases) expect(issuesOf(leadRequestSchema, lead(extra))).toEqual([[path, message]]);
    expect(issuesOf(leadRequestSchema, lead({}, `con${character}tact`))).toEqual([['form.id', 'Неизвестная форма']]);
    expect(issuesOf(idsRequestSchema, { email: 'anna@example.com', ids: { googleClientId: bad } })).toEqual([
      ['ids.googleClientId', 'Некорректный идентификатор'],
    ]);
    expect(issuesOf(idsRequestSchema, { email: `an${character}na@example.com`, ids: {} })).toEqual([['email', 'Некорректная почта']]);
  });

  it('keeps ordinary UTM values, paths and ids, emoji included', () => {
    expect(
      issuesOf(
        leadRequestSchema,
        lead({ utm: { source: 'vk', term: 'js курс 🎄' }, page_path: '/products/git', block_id: 'popup:x:1', ids: { yandexClientId: '17000' } }),
      ),
    ).toEqual([]);
  });
});
