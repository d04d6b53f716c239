import { consoleLogger, errorKind, type Logger } from '../log';
import { errorResponse, messages } from './responses';

/** The JSON answer when the database (or anything the request needs) does not answer: retry in 30 s. */
export const unavailableResponse = () => errorResponse(503, messages.unavailable, { 'retry-after': '30' });

/**
 * Runs one endpoint's work with the concern every endpoint shares: a failure it did not answer itself
 * (the database down, a bug) is logged without personal data and answered by `unavailable`, a JSON 503
 * unless the endpoint says otherwise. Nothing was acknowledged then, so the client may retry.
 */
export async function answer(
  route: string,
  work: () => Promise<Response>,
  options: { unavailable?: (error: unknown) => Response; log?: () => Logger } = {},
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    (options.log?.() ?? consoleLogger).error('api.unavailable', { route, error: errorKind(error) });
    return options.unavailable ? options.unavailable(error) : unavailableResponse();
  }
}
