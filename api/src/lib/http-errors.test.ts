import { badRequest, fieldLabel } from './http-errors';

describe('field errors', () => {
  it('names fields as a person reads them', () => {
    expect(fieldLabel('organization_name')).toBe('Organization name');
    expect(fieldLabel('firstName')).toBe('First name');
    expect(fieldLabel('title')).toBe('Title');
  });

  it('joins several field errors into sentences a toast can show', () => {
    const error = badRequest([
      { path: 'password', message: 'must be at least 8 characters' },
      { path: 'organization_name', message: 'must not be empty' },
    ]);
    expect(error.message).toBe(
      'Password must be at least 8 characters. Organization name must not be empty.',
    );
    expect(error.errors?.map((e) => e.path)).toEqual(['password', 'organization_name']);
  });
});
