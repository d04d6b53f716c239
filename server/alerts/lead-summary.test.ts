import { describe, expect, it } from 'vitest';
import { courseTitle, formTitle } from './lead-summary';

describe('the form and course of an alert, in Russian', () => {
  it('names the kind of form and the course from the registry', () => {
    const formTitles = {
      'contact-modal': 'Контактная форма',
      'gift-3': 'Подарок',
      'course-junior-js': 'Страница курса',
      whatever: 'Форма на сайте',
    };
    for (const [formId, title] of Object.entries(formTitles)) expect(formTitle(formId), formId).toBe(title);
    expect(courseTitle('contact', 'contact')).toBe('Заявка с сайта');
    expect(courseTitle('consultation', 'consultation')).toBe('Консультация');
    expect(courseTitle('gift-1', 'x')).not.toBe('x');
  });
});
