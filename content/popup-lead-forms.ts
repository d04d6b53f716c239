/**
 * Where the lead-form pop-ups' leads go (server side only: imported by the registry, never by the
 * browser). Each pop-up form is a form built in our GetCourse account; the values below are the ones
 * in that form's embed code (`<form action="…/pl/lite/block-public/process-html?id=…">` and its hidden
 * `requestTime` / `requestSimpleSign` inputs). When marketing rebuilds a form in GetCourse, paste the
 * new values here: the server posts exactly these, whatever the browser sends.
 */
import type { GetCourseFormDelivery, LeadFormEntry } from './lead-forms';
import { popups } from './popups';

type GetCourseForm = Omit<GetCourseFormDelivery, 'kind'>;

const getCourseForms: Record<string, GetCourseForm> = {
  'popup-junior-discount': {
    formAction: '/pl/lite/block-public/process-html?id=1531874215',
    requestTime: 1764064800,
    requestSimpleSign: '2a9e8527c98c9f6267bdaad6b242aca0',
  },
  'popup-middle-discount': {
    formAction: '/pl/lite/block-public/process-html?id=1531874287',
    requestTime: 1764064800,
    requestSimpleSign: '57b81f4fe07c08150e6d8cc1acad4001',
  },
  'popup-frontend-developer-discount': {
    formAction: '/pl/lite/block-public/process-html?id=1531874302',
    requestTime: 1764064800,
    requestSimpleSign: '7c0e8ea95a92eea617ba168dc7698fb5',
  },
  'popup-first-stage-discount': {
    formAction: '/pl/lite/block-public/process-html?id=1531874339',
    requestTime: 1764064800,
    requestSimpleSign: '480e61160c067f41e05951d2bcb11d3c',
  },
  'popup-react-developer-discount': {
    formAction: '/pl/lite/block-public/process-html?id=1531874356',
    requestTime: 1764064800,
    requestSimpleSign: 'bc77443ddb73ecebdfc56918128f4c9c',
  },
  'popup-layout-discount': {
    formAction: '/pl/lite/block-public/process-html?id=1531874371',
    requestTime: 1764064800,
    requestSimpleSign: '747b65fdbe5ccb033a9e77fb77ecd46a',
  },
  'popup-junior-gift': {
    formAction: '/pl/lite/block-public/process-html?id=1531874398',
    requestTime: 1764151200,
    requestSimpleSign: 'ae978a3ab0b8406badd6b521da079e7b',
  },
};

/** Registry entries for every lead-form pop-up of content/popups.ts; a pop-up without a GetCourse form fails the build. */
export function popupLeadForms(): LeadFormEntry[] {
  return popups.flatMap(({ formConfig }) => {
    if (formConfig === null) return [];
    const form = getCourseForms[formConfig.formId];
    if (!form) throw new Error(`content/popup-lead-forms.ts: no GetCourse form for the pop-up form "${formConfig.formId}"`);
    if (!form.formAction.startsWith('/') || form.formAction.startsWith('//')) {
      throw new Error(`content/popup-lead-forms.ts: "${formConfig.formId}" formAction must be a path on the GetCourse account`);
    }
    return [
      {
        id: formConfig.formId,
        productName: formConfig.submitAnalyticsEvent.product_name,
        event: formConfig.submitAnalyticsEvent.event,
        delivery: { kind: 'gc-form', ...form },
      },
    ];
  });
}
