'use client';

import { useActionState } from 'react';
import { ConfirmDialog } from '@/components/console/confirm-dialog';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import type { Operators } from './load';
import { withdrawInvitationAction, type WithdrawState } from './operator-actions';
import { withdrawLabels, withdrawStateText } from './operator-labels';

/** The invitations not yet accepted, each with «Отозвать» (asked first); the answer above the table. */
export function InvitationsTable({ invitations }: Pick<Operators, 'invitations'>) {
  const [state, withdraw] = useActionState<WithdrawState, FormData>(withdrawInvitationAction, { outcome: null });
  return (
    <>
      <div role="status" aria-live="polite" className="mb-2 text-sm">
        {state.outcome !== null && <p className={state.outcome === 'withdrawn' ? 'text-green-800' : 'text-red-700'}>{withdrawStateText(state)}</p>}
      </div>
      {invitations.length > 0 && (
        <ConsoleTable
          caption="Приглашения, которые ещё не приняты"
          columns={['Почта', 'Пригласил(а)', 'Действует до (МСК)', { label: 'Действия', srOnly: true }]}
          items={invitations}
          renderRow={(invitation) => (
            <tr key={invitation.id}>
              <td className="break-all">{invitation.email}</td>
              <td className="break-all">{invitation.invitedBy}</td>
              <td>{moscowTime(invitation.expiresAt)}</td>
              <td>
                <ConfirmDialog
                  action={withdraw}
                  fields={{ id: invitation.id }}
                  trigger={withdrawLabels.trigger}
                  triggerLabel={withdrawLabels.triggerLabel(invitation.email)}
                  title={withdrawLabels.title}
                  description={<p>{withdrawLabels.description(invitation.email)}</p>}
                  confirm={withdrawLabels.confirm}
                />
              </td>
            </tr>
          )}
        />
      )}
    </>
  );
}
