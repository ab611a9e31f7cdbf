import { isNotFound } from '../isNotFound';

describe('isNotFound', () => {
  it('is true for a 404 and for a 400 (an id the API rejects)', () => {
    expect(isNotFound({ status: 404, message: 'Task not found' })).toBe(true);
    expect(isNotFound({ status: 400, message: 'params/id must match format "uuid"' })).toBe(true);
  });

  it('is false for any other failure or anything that is not an API error', () => {
    expect(isNotFound({ status: 500, message: 'Boom' })).toBe(false);
    expect(isNotFound({ status: 'FETCH_ERROR', message: 'Network Error' })).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });
});
