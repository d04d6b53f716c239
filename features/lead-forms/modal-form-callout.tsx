import { ModalFormTrigger } from './modal-form-trigger';

/** A short "talk to us" block with the button that opens the generic modal form. */
export function ModalFormCallout() {
  return (
    <section aria-labelledby="modal-form-callout" className="bg-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="modal-form-callout" className="text-3xl font-bold">
            Хотите учиться у нас?
          </h2>
          <p className="mt-3 text-lg text-gray-600">Оставьте заявку — менеджер перезвонит, ответит на вопросы и подберёт курс под ваш опыт и цели.</p>
        </div>
        <ModalFormTrigger>Оставить заявку</ModalFormTrigger>
      </div>
    </section>
  );
}
