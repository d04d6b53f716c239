import { describe, expect, it } from 'vitest';
import { sampleLead } from '../testing/fixtures';
import { alertLead } from './lead-summary';

describe('the form and course of an alert, in Russian', () => {
  it('names the kind of form and what it is for, by the names of the console', () => {
    const titles = (formId: string) => {
      const { formTitle, courseTitle } = alertLead({ ...sampleLead({ formId }), id: 1 });
      return [formTitle, courseTitle];
    };
    expect(titles('course-react-developer')).toEqual(['Страница курса', 'React-разработчик']);
    expect(titles('contact')).toEqual(['Контактная форма', 'Заявка с сайта']);
    expect(titles('contact-modal')[0]).toBe('Контактная форма');
    expect(titles('consultation')[0]).toBe('Консультация');
    expect(titles('gift-1')).toEqual(['Подарок', 'Курс «Основы программирования»']);
    expect(titles('popup-junior-discount')).toEqual(['Поп-ап', 'Скидка на курс «Junior фронтенд-разработчик»']);
  });
});
