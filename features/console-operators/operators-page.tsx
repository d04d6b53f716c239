import { ui } from '@/components/console/ui';
import { InvitationsTable } from './invitations-table';
import { InviteForm } from './invite-form';
import type { Operators } from './load';
import { ownNameLabels } from './operator-labels';
import { OperatorsTable } from './operators-table';
import { OwnNameForm } from './own-name-form';

/**
 * «Операторы»: who may sign in to the console; add one by a one-time link, withdraw a link not yet used,
 * remove one (never the last, never oneself), and one's own name.
 */
export function OperatorsPage({ me, operators, invitations }: Operators) {
  const own = operators.find((operator) => operator.email === me);
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
      <h2 className={ui.h2}>Приглашения, которые ещё не приняты</h2>
      {invitations.length === 0 && <p className="mb-2 text-sm">Непринятых приглашений нет.</p>}
      <InvitationsTable invitations={invitations} />
      <h2 className={ui.h2}>{ownNameLabels.heading}</h2>
      <OwnNameForm name={own && own.name !== own.email ? own.name : ''} />
    </>
  );
}
