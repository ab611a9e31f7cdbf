import { personName } from './personName';

describe('personName', () => {
  it('is the full name when there is one', () => {
    expect(personName({ full_name: ' Priya Sharma ', firstName: 'P', lastName: 'S' })).toBe(
      'Priya Sharma',
    );
  });

  it('else joins first and last name, whichever exist', () => {
    expect(personName({ full_name: '  ', firstName: 'Priya', lastName: 'Sharma' })).toBe(
      'Priya Sharma',
    );
    expect(personName({ full_name: null, firstName: null, lastName: 'Sharma' })).toBe('Sharma');
  });

  it('else gives the fallback', () => {
    expect(personName({ full_name: null }, 'Unassigned')).toBe('Unassigned');
    expect(personName(undefined, 'Unassigned')).toBe('Unassigned');
    expect(personName(null)).toBe('');
  });
});
