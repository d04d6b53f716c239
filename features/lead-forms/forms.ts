import type { AjaxFormConfig } from '@/lib/leads/form-config';
import { contacts } from '@/content/site';

/** The generic modal form and the texts of the contact forms; form ids are registered in content/lead-forms.ts. */

export const modalFormConfig: AjaxFormConfig = {
  formType: 'ajax',
  formId: 'contact-modal',
  submitAnalyticsEvent: { event: 'lead', product_name: 'contact', id_form: 'contact-modal' },
};

export const contactFormTexts = {
  description: 'Оставьте контакты — мы перезвоним, расскажем о программе и поможем выбрать курс.',
  submitLabel: 'Отправить',
  successTitle: 'Заявка отправлена!',
  successDescription: `Менеджер позвонит вам ${contacts.callHoursPhrase}.`,
} as const;
