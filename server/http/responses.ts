/** Every answer of our API is JSON; failures carry `{ errors: [{ path, message }] }` like field errors do. */

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { errors: [{ path: '', message }] }, headers);
}

export const messages = {
  methodNotAllowed: 'Метод не поддерживается',
  foreignOrigin: 'Запрос с другого сайта отклонён',
  notJson: 'Ожидается JSON (Content-Type: application/json)',
  tooLarge: 'Слишком большой запрос',
  bodyTimeout: 'Запрос передавался слишком долго',
  badJson: 'Некорректный JSON',
  tooManyRequests: 'Слишком много запросов. Попробуйте через минуту',
  tooManyForEmail: 'С этой почты уже отправлено много заявок. Попробуйте позже',
  overCeiling: 'Сейчас заявок слишком много. Попробуйте через минуту',
  unavailable: 'Сервис временно недоступен. Попробуйте позже',
  badIdempotencyKey: 'Некорректный ключ Idempotency-Key: ожидается от 16 до 128 латинских букв, цифр, «-» или «_»',
  idempotencyKeyReused: 'Этот ключ Idempotency-Key уже использован для запроса с другими данными',
  orderAccepted: 'Заявка принята',
  idsAccepted: 'Идентификаторы приняты',
  vitalsShape: 'Некорректный отчёт о скорости страницы',
  vitalsUnknownPage: 'Неизвестный тип страницы',
  vitalsUnknownMetric: 'Неизвестная метрика',
  vitalsOutOfBounds: 'Значение метрики вне физически возможных границ',
} as const;

/** For the methods a route does not serve (Next would answer them with an empty body). */
export function methodNotAllowed(allow: string): Response {
  return errorResponse(405, messages.methodNotAllowed, { allow });
}
