import { ActionButton } from '@/components/console/action-button';
import { ConfirmDialog } from '@/components/console/confirm-dialog';
import { ui } from '@/components/console/ui';
import { deleteWithheldAction, releaseWithheldAction } from './lead-actions';

/**
 * What to do with leads held back as «Похоже на спам»: release them (one press: they go to GetCourse and
 * the managers as any lead) or delete them (asked first: nothing brings them back). One lead on its page;
 * on the section, every held lead up to the newest the page shows (`upTo`), `count` of them.
 */
export function WithheldActions(props: { leadId: number } | { upTo: number; count: number }) {
  const all = 'upTo' in props;
  const fields: Record<string, number> = all ? { upTo: props.upTo } : { leadId: props.leadId };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ActionButton action={releaseWithheldAction} fields={fields} className={ui.primaryButton}>
        {all ? `Выпустить все (${props.count})` : 'Выпустить: это не спам'}
      </ActionButton>
      <ConfirmDialog
        action={deleteWithheldAction}
        fields={fields}
        trigger={all ? `Удалить все (${props.count})` : 'Удалить'}
        triggerLabel={all ? undefined : 'Удалить заявку'}
        title={all ? `Удалить заявки, похожие на спам (${props.count})?` : 'Удалить эту заявку?'}
        description={
          <p>
            {all ? 'Заявки удалятся' : 'Заявка удалится'} безвозвратно вместе с её отправкой в GetCourse и уведомлениями менеджерам, как при удалении данных
            посетителя. Если среди них есть настоящая, сначала выпустите её.
          </p>
        }
        confirm="Удалить безвозвратно"
      />
    </div>
  );
}
