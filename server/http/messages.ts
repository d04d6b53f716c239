/**
 * The words of our HTTP API, in Russian, in one place: every refusal is answered `{ code, message }`
 * (server/http/responses.ts), its code chosen by the endpoint and its sentence looked up here. The lead
 * forms' field errors keep their own messages (lib/validation/messages.ts): the browser shows those.
 */

const notCspReport = 'Ожидается отчёт CSP (Content-Type: application/csp-report или application/reports+json)';
const forbidden = 'Доступ запрещён';

export const refusalMessages = {
  method_not_allowed: 'Метод не поддерживается',
  // A path that does not decode (`%ZZ`), answered by the web process before any route (server/http/request-stamp.ts).
  bad_path: 'Адрес записан неверно',
  foreign_origin: 'Запрос с другого сайта отклонён',
  not_json: 'Ожидается JSON (Content-Type: application/json)',
  not_csp_report: notCspReport,
  too_large: 'Слишком большой запрос',
  body_timeout: 'Запрос передавался слишком долго',
  bad_json: 'Некорректный JSON',
  rate_limited: 'Слишком много запросов. Попробуйте через минуту',
  unavailable: 'Сервис временно недоступен. Попробуйте позже',
  // The lead API (POST /api/getcourse/orders and /ids).
  invalid_fields: 'Поля заявки заполнены неверно',
  email_rate_limited: 'С этой почты уже отправлено много заявок. Попробуйте позже',
  shed: 'С вашего адреса сейчас слишком много заявок. Попробуйте через минуту',
  bad_idempotency_key: 'Некорректный ключ Idempotency-Key: ожидается от 16 до 128 латинских букв, цифр, «-» или «_»',
  idempotency_key_reused: 'Этот ключ Idempotency-Key уже использован для запроса с другими данными',
  // The browser's reports: CSP violations, pop-up beacons, field vitals, course page views.
  bad_csp_report: notCspReport,
  bad_popup_batch: 'Ожидается { "events": [{ "popup", "event", "path" }] }, не больше 20 событий',
  unknown_popup: 'Неизвестный поп-ап',
  unknown_variant: 'Неизвестный тест или вариант поп-апа',
  bad_vitals_report: 'Некорректный отчёт о скорости страницы',
  unknown_page_type: 'Неизвестный тип страницы',
  unknown_metric: 'Неизвестная метрика',
  bad_page_view: 'Ожидается { "path": "/адрес-страницы" } без параметров',
  unknown_course_page: 'Такой страницы курса нет',
  out_of_bounds: 'Значение метрики вне физически возможных границ',
  // GetCourse's payment callback (also written to the log with its code).
  forbidden,
  not_configured: forbidden,
  bad_number: 'Номер сделки отсутствует или не число',
  bad_status: 'Неизвестный статус сделки',
  bad_cost: 'Стоимость сделки не похожа на сумму',
  bad_paid: 'Оплаченная сумма не похожа на сумму',
  implausible_paid: 'Оплачено больше стоимости сделки',
  paid_above_tariffs: 'Оплачено больше, чем стоит самый дорогой тариф',
  cost_above_tariffs: 'Стоимость сделки больше, чем стоит самый дорогой курс школы',
  // The operator console's downloads, the metrics and the health check.
  sign_in_required: 'Нужно войти в консоль',
  // The console's cover upload (POST /api/admin/content-images).
  not_an_image: 'Загрузите картинку: JPEG, PNG или WebP',
  image_too_large: 'Картинка больше 8 МБ: уменьшите её и загрузите снова',
  image_unreadable: 'Этот файл не открывается как картинка: загрузите JPEG, PNG или WebP',
  not_found: 'Не найдено',
  unauthorized: 'Нужен верный токен доступа',
  db_unavailable: 'База данных недоступна',
} as const;

export type RefusalCode = keyof typeof refusalMessages;

/** The acknowledgements the spec's browser reads: `data.message` of a lead, `data.msg` of the ids. */
export const acceptedMessages = {
  lead: 'Заявка принята',
  ids: 'Идентификаторы приняты',
} as const;

/** What the payment callback writes to the log beside a code (the operator reads it; no value of the call). */
export const callbackLogMessages = {
  wrongSecret: 'Неверный или отсутствующий секрет в адресе вызова',
  noSecret: 'GETCOURSE_CALLBACK_SECRET не задан: вызовы GetCourse не принимаются',
  unmatched: 'Сделка с таким номером сайтом не отправлялась: сохранена отдельно',
  refused: 'Суммы не могут быть верными для этой сделки: оплата не учтена и сохранена отдельно',
} as const;
