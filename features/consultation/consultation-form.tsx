'use client';

import { useState } from 'react';
import { LeadForm } from '@/components/lead-form';
import { consultationFormConfig } from './form-config';
import { SubmitOverlay } from './submit-overlay';

/**
 * The popover's lead form: the shared LeadForm with the popover's own states. While sending,
 * the button reads 'Отправка...'; after a success 'Успешно!' takes the form's place; after a failure the
 * 'Ошибка при отправке' overlay covers the form (instead of the shared toast) and the form behind it is
 * inert until the visitor chooses to try again (the values are kept) or the popover is opened anew.
 */
export default function ConsultationForm() {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative">
      <div inert={failed}>
        <LeadForm
          config={consultationFormConfig}
          blockId="consultation-popover"
          submitLabel="Оставить заявку"
          submittingLabel="Отправка..."
          initialFocus="fullName"
          errorToast={false}
          onError={() => setFailed(true)}
          success={<SubmitOverlay outcome="success" />}
        />
      </div>
      {failed && <SubmitOverlay outcome="error" onRetry={() => setFailed(false)} />}
    </div>
  );
}
