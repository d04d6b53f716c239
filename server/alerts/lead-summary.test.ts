import { describe, expect, it } from 'vitest';
import { giftPopupPath } from '@/content/courses';
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

  it('names the page, a landing by its campaign and the secret gift page without its address; an article by its title when known', () => {
    const page = (pagePath: string, collection?: Map<string, string>) => alertLead({ ...sampleLead({ pagePath }), id: 1 }, collection).page;
    expect(page('/products/junior-js/cvrna?utm_source=vk')).toBe('Лендинг «Скидка во всплывающем окне» курса «Junior фронтенд-разработчик»');
    expect(page(giftPopupPath)).toBe('Лендинг «Подарок к покупке Junior по секретной ссылке» курса «Junior фронтенд-разработчик»');
    expect(page('/media/css-grid')).toBe('Статья медиа (/media/css-grid)');
    expect(page('/media/css-grid', new Map([['/media/css-grid', 'Статья «CSS Grid за вечер»']]))).toBe('Статья «CSS Grid за вечер»');
  });
});
