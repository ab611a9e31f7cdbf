import { http, type RequestHandler } from 'msw';
import { apiUrl } from '../server';
import { errorAnswer } from './answers';

const ITEM_PATHS = {
  tasks: ['/tasks/', '/tasks/:id'],
  certificates: ['/certificates/', '/certificates/:id/'],
  employees: ['/employees/', '/employees/:id'],
} as const;

/**
 * Answers every request of one resource with the same failure, for error states. The handlers
 * come in this order: list GET, item GET, POST, PUT, PATCH (`.slice(3, 4)` fails only the PUT).
 */
export function failingResource(
  resource: keyof typeof ITEM_PATHS,
  status = 500,
  message = 'Something went wrong',
): RequestHandler[] {
  const failure = () => errorAnswer(status, message, status >= 500 ? 'INTERNAL' : 'ERROR');
  const [list, item] = ITEM_PATHS[resource];
  return [
    http.get(apiUrl(list), failure),
    http.get(apiUrl(item), failure),
    http.post(apiUrl(list), failure),
    http.put(apiUrl(item), failure),
    http.patch(apiUrl(item), failure),
  ];
}
