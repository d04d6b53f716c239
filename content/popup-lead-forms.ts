/**
 * What the lead-form pop-ups' leads become in GetCourse (server side only: imported by the registry,
 * never by the browser). Each pop-up lead is a deal through the import API under the lead's own deal
 * number, so a delivery retried after a lost answer updates that deal instead of making a second one
 * (a GetCourse form post has no such key). Name the product the deal is for; to attach it to an
 * existing offer instead, add its `offerCode` (GetCourse: Продукты → Предложения → код предложения).
 */
import type { DealDelivery, LeadFormEntry } from './lead-form-entry';
import { popups } from './popups';
import { ContentError } from './validation/problems';

type PopupDeal = Omit<DealDelivery, 'kind'>;

const discountDeal = (course: string): PopupDeal => ({ productTitle: `Скидка 5% из pop-up: ${course}` });

const popupDeals: Record<string, PopupDeal> = {
  'popup-junior-discount': discountDeal('Junior'),
  'popup-middle-discount': discountDeal('Middle'),
  'popup-frontend-developer-discount': discountDeal('Frontend-разработчик'),
  'popup-first-stage-discount': discountDeal('Первая ступень'),
  'popup-react-developer-discount': discountDeal('React-разработчик'),
  'popup-layout-discount': discountDeal('Продвинутые HTML и CSS'),
  'popup-junior-gift': { productTitle: 'Подарок из pop-up: курс «Продвинутый JavaScript» к курсу Junior' },
};

/** Registry entries for every lead-form pop-up of content/popups.ts; a pop-up without a deal setting fails the build. */
export function popupLeadForms(): LeadFormEntry[] {
  return popups.flatMap(({ formConfig }) => {
    if (formConfig === null) return [];
    const deal = popupDeals[formConfig.formId];
    if (!deal) {
      throw new ContentError([
        {
          file: 'content/popup-lead-forms.ts',
          entry: `форма поп-апа «${formConfig.formId}»`,
          message: 'нет записи: добавьте, какой сделкой заявка попадёт в GetCourse (productTitle или offerCode)',
        },
      ]);
    }
    return [
      {
        id: formConfig.formId,
        productName: formConfig.submitAnalyticsEvent.product_name,
        event: formConfig.submitAnalyticsEvent.event,
        delivery: { kind: 'deal', ...deal },
      },
    ];
  });
}
