import { requireOperator } from '@/server/admin/session';

/** What a pop-up's console action starts from: the signed-in operator and the pop-up the form names by `id` (null if there is none). */
export async function editedPopup(data: FormData) {
  const { runtime, email } = await requireOperator();
  const id = String(data.get('id') ?? '');
  const popup = await runtime.repos.popups.get(id);
  return { runtime, email, id, popup };
}
