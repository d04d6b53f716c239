import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { InviteForm } from './invite-form';
import type { Operators } from './load';
import { OperatorsTable } from './operators-table';

/** «Операторы»: who may sign in to the console; add one by a one-time link, remove one (never the last, never oneself). */
export function OperatorsPage({ me, operators, invitations }: Operators) {
  return (
    <>
      <h1 className={ui.h1}>Операторы</h1>
      <p className="mb-4 max-w-3xl text-sm">
        Операторы входят в консоль со своей почтой и паролем. Чтобы добавить оператора, введите его почту: консоль даст одноразовую ссылку на 48 часов, по
        которой он сам задаст имя и пароль. Каждое добавление и удаление записывается в «Журнал».
      </p>
      <InviteForm />
      <h2 className={ui.h2}>Операторы консоли</h2>
      <OperatorsTable operators={operators} me={me} />
      {invitations.length > 0 && (
        <>
          <h2 className={ui.h2}>Приглашения, которые ещё не приняты</h2>
          <ConsoleTable
            caption="Приглашения, которые ещё не приняты"
            columns={['Почта', 'Пригласил(а)', 'Действует до (МСК)']}
            items={invitations}
            renderRow={(invitation) => (
              <tr key={invitation.id}>
                <td className="break-all">{invitation.email}</td>
                <td className="break-all">{invitation.invitedBy}</td>
                <td>{moscowTime(invitation.expiresAt)}</td>
              </tr>
            )}
          />
        </>
      )}
    </>
  );
}
