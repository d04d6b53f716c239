import { describe, expect, it } from 'vitest';
import { courseTitle, formTitle } from './lead-summary';

describe('the form and course of an alert, in Russian', () => {
  it('names the kind of form and the course from the registry', () => {
    expect(formTitle('contact-modal')).toBe('Контактная форма');
    expect(formTitle('gift-3')).toBe('Подарок');
    expect(formTitle('course-junior-js')).toBe('Страница курса');
    expect(formTitle('whatever')).toBe('Форма на сайте');
    expect(courseTitle('contact', 'contact')).toBe('Заявка с сайта');
    expect(courseTitle('consultation', 'consultation')).toBe('Консультация');
    expect(courseTitle('gift-1', 'x')).not.toBe('x');
  });
});
