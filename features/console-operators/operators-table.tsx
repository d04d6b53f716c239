'use client';

import { useActionState } from 'react';
import { ConfirmDialog } from '@/components/console/confirm-dialog';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import type { Operators } from './load';
import { removeOperatorAction, type RemoveState } from './operator-actions';
import { lastSignInText, operatorNameText, removeStateText } from './operator-labels';

/**
 * The operators, each with their last sign-in and «Удалить» (asked first), but for the operator signed in,
 * who cannot remove themself; the answer of a removal above the table.
 */
export function OperatorsTable({ operators, me }: Pick<Operators, 'operators' | 'me'>) {
  const [state, remove] = useActionState<RemoveState, FormData>(removeOperatorAction, { outcome: null });
  return (
    <>
      <div role="status" aria-live="polite" className="mb-2 text-sm">
        {state.outcome !== null && <p className={state.outcome === 'removed' ? 'text-green-800' : 'text-red-700'}>{removeStateText(state)}</p>}
      </div>
      <ConsoleTable
        caption="Операторы консоли"
        columns={['Имя', 'Почта', 'Последний вход (МСК)', 'Добавлен (МСК)', { label: 'Действия', srOnly: true }]}
        items={operators}
        renderRow={(operator) => (
          <tr key={operator.id}>
            <td>{operatorNameText(operator)}</td>
            <td className="break-all">
              {operator.email}
              {operator.email === me && ' (это вы)'}
            </td>
            <td>{lastSignInText(operator.lastSignInAt)}</td>
            <td>{moscowTime(operator.createdAt)}</td>
            <td>
              {operator.email !== me && (
                <ConfirmDialog
                  action={remove}
                  fields={{ id: operator.id }}
                  trigger="Удалить"
                  triggerLabel={`Удалить оператора ${operator.email}`}
                  title="Удалить оператора?"
                  description={<p>{operator.email} больше не сможет войти в консоль; если он(а) сейчас в консоли, сеанс закончится сразу.</p>}
                  confirm="Удалить"
                />
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
