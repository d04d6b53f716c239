import { describe, expect, it } from 'vitest';
import { z } from '@/lib/validation/zod';
import { fieldPath } from './field-labels';
import { issueProblems } from './zod-issues';

describe('fieldPath', () => {
  it.each([
    [['tariffs', 1, 'price'], 'тариф 2, поле «цена» (price)'],
    [['hero', 'lead'], 'первый экран (hero), поле «текст под заголовком» (lead)'],
    [['student', 'name'], 'студент (student), поле «имя» (name)'],
    [['tags', 0], 'тег 1'],
    [['newBlock', 2, 'newField'], '«newBlock», элемент 3, поле «newField»'],
    [[], ''],
  ])('%j -> %s', (path, expected) => {
    expect(fieldPath(path)).toBe(expected);
  });
});

describe('issueProblems', () => {
  const schema = z.strictObject({
    title: z.string().trim().min(1),
    summary: z.string().max(10),
    price: z.int().nonnegative(),
    tags: z.array(z.string()).min(2),
    status: z.enum(['open', 'finished']),
    own: z.string().refine((value) => value === 'ok', 'наше правило по-русски'),
  });
  const messages = (input: object) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected problems');
    return issueProblems(result.error, input, { file: 'content/x.ts', entry: 'курс «x»' }).map((problem) => `${problem.field ?? ''}: ${problem.message}`);
  };

  it("tells zod's issues in Russian with what the entry holds now, and keeps a rule's own Russian message", () => {
    expect(messages({ title: ' ', summary: 'слишком длинный текст', price: 2.5, tags: ['a'], status: 'soon', own: 'no', extra: 1, more: 2 })).toEqual([
      'поле «заголовок» (title): не должно быть пустым',
      'поле «краткое описание» (summary): не длиннее 10 символов; сейчас 21 символ',
      'поле «цена» (price): нужно: целое число; сейчас 2.5',
      'поле «теги» (tags): нужно не меньше 2 элементов; сейчас 1 элемент',
      'поле «статус» (status): допустимо: «open», «finished»; сейчас «soon»',
      'поле «own»: наше правило по-русски; сейчас «no»',
      ': лишние поля «extra», «more»: таких полей нет (опечатки в названиях?)',
    ]);
  });

  it('says a missing field is required', () => {
    expect(messages({ summary: '', price: -1, tags: [], status: 'open', own: 'ok' })).toEqual([
      'поле «заголовок» (title): обязательное поле, не заполнено',
      'поле «цена» (price): должно быть не меньше 0; сейчас -1',
      'поле «теги» (tags): нужно не меньше 2 элементов; сейчас 0 элементов',
    ]);
  });
});
