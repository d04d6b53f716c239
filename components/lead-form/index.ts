/**
 * The lead form, one folder for its UI, its state and its network flow in the browser (submit.ts and what it
 * calls); features render it from here, since none may import another. Import from '@/components/lead-form'
 * in client code that is loaded lazily.
 */
export { ConsentLine } from './consent-line';
export { FormSuccess } from './form-success';
export { HoneypotField, HONEYPOT_FIELD } from './honeypot-field';
export { LeadForm, type LeadFormProps, type LeadFormRenderState, type LeadFormSuccess } from './lead-form';
export { PhoneField, type PhoneFieldProps } from './phone-field';
export { showSubmitErrorToast, SUBMIT_ERROR_TEXT, SUBMIT_ERROR_TITLE } from './submit-error-toast';
export { SubmitButton, type SubmitButtonProps } from './submit-button';
export { TextField, type TextFieldProps } from './text-field';
