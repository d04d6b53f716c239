import 'server-only';
import { runActionSteps, type ActionSteps } from './action-steps';
import { requireOperator } from './session';

/**
 * A console action, as a form's action (`<form action>`, ActionButton) or with useActionState. The
 * answer is computed from the form alone: the previous state useActionState passes is not read.
 */
export interface ConsoleAction<Answer> {
  (form: FormData): Promise<Answer>;
  (previous: Answer, form: FormData): Promise<Answer>;
}

/**
 * Every console server action: the signed-in operator (or a redirect to the sign-in page), then its steps
 * (action-steps.ts): the form read with zod, prepared, written with its audit row in one transaction, answered.
 */
export function operatorAction<Input, Change = Input, Written = undefined, Answer = void>(
  steps: ActionSteps<Input, Change, Written, Answer>,
): ConsoleAction<Answer> {
  return (async (...args: [FormData] | [Answer, FormData]) => {
    const { email, runtime, now } = await requireOperator();
    return runActionSteps(steps, { email, runtime, now }, args[args.length - 1]);
  }) as ConsoleAction<Answer>;
}
