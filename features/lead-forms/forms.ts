import type { AjaxFormConfig } from '@/lib/leads/form-config';
import { contacts } from '@/content/site';

/** The site's own lead forms (spec 2.8); their ids are registered in content/lead-forms.ts. */

export const contactFormConfig: AjaxFormConfig = {
  formType: 'ajax',
  formId: 'contact',
  submitAnalyticsEvent: { event: 'lead', product_name: 'contact', id_form: 'contact' },
};

export const modalFormConfig: AjaxFormConfig = {
  formType: 'ajax',
  formId: 'contact-modal',
  submitAnalyticsEvent: { event: 'lead', product_name: 'contact', id_form: 'contact-modal' },
};

export const contactFormTexts = {
  title: 'Остались вопросы?',
  description: 'Оставьте контакты — мы перезвоним, расскажем о программе и поможем выбрать курс.',
  submitLabel: 'Отправить',
  successTitle: 'Заявка отправлена!',
  successDescription: `Менеджер позвонит вам в рабочее время: ${contacts.callHours}.`,
} as const;
