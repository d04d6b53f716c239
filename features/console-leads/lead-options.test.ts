import { describe, expect, it } from 'vitest';
import { leadForms } from '@/content/lead-forms';
import { formOptions, productOptions } from './lead-options';

describe('the leads filter’s lists of names', () => {
  it('offers every registered form by name under its kind, and a form only old leads hold', () => {
    const groups = formOptions(['course-retired', 'contact']);
    const values = groups.flatMap((group) => group.options.map((option) => option.value));
    expect(values.sort()).toEqual([...leadForms.map((form) => form.id), 'course-retired'].sort());
    expect(groups.find((group) => group.label === 'Страница курса')?.options).toContainEqual({ value: 'course-react-developer', label: 'React-разработчик' });
    expect(groups.find((group) => group.label === 'Форма')?.options).toEqual([
      { value: 'course-retired', label: '«course-retired», которой больше нет на сайте' },
    ]);
  });

  it('offers every product once, by name, in alphabetical order', () => {
    const options = productOptions();
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
    expect(options).toContainEqual({ value: 'njfd', label: 'Junior фронтенд-разработчик' });
    expect(options.map((option) => option.label)).toEqual([...options.map((option) => option.label)].sort((a, b) => a.localeCompare(b, 'ru')));
  });
});
