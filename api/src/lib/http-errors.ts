/**
 * The errors a handler throws on purpose. The error handler (plugins/errors.ts)
 * turns each into the JSON body of ARCHITECTURE section 6:
 * `{ message, code, errors?: [{ path, message }] }`.
 */

export interface FieldError {
  /** The field, as the client names it: `title`, `assigned_to_user_id`, `limit`. */
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `organization_name` → `Organization name`, `firstName` → `First name`: how a person names it. */
export function fieldLabel(path: string): string {
  const words = path
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * 400 naming each bad field. `errors` keeps the fields as the client names them;
 * the message is sentences a toast can show as they are ("Title is required.").
 */
export function badRequest(errors: FieldError[]): HttpError {
  const message = errors.map((error) => `${fieldLabel(error.path)} ${error.message}.`).join(' ');
  return new HttpError(400, 'validation_failed', message, errors);
}

export function fieldError(path: string, message: string): HttpError {
  return badRequest([{ path, message }]);
}

export function unauthorized(message = 'Authentication required'): HttpError {
  return new HttpError(401, 'unauthorized', message);
}

export function forbidden(message = 'You are not allowed to do this'): HttpError {
  return new HttpError(403, 'forbidden', message);
}

/** Also the answer for an id of another organisation: its existence is not revealed. */
export function notFound(what: string): HttpError {
  return new HttpError(404, 'not_found', `${what} not found`);
}

export function conflict(message: string): HttpError {
  return new HttpError(409, 'conflict', message);
}

export function tooManyRequests(message: string): HttpError {
  return new HttpError(429, 'too_many_requests', message);
}
