import {
  addCalendarDays,
  kolkataToday,
  kolkataTodayAt,
  parseCalendarDate,
  parseInstant,
} from './dates';

describe('parseInstant', () => {
  test.each([
    ['2025-01-05T04:30:00.000Z', '2025-01-05T04:30:00.000Z'],
    ['2025-01-05T10:00:00+05:30', '2025-01-05T04:30:00.000Z'],
    ['2025-01-05T10:00+05:30', '2025-01-05T04:30:00.000Z'],
    ['2025-01-04T23:00:00-05:00', '2025-01-05T04:00:00.000Z'],
    ['2025-01-05T10:00', '2025-01-05T04:30:00.000Z'],
  ])('%s → %s', (value, expected) => {
    expect(parseInstant(value)).toBe(expected);
  });

  test.each([
    '2025-02-30T10:00:00Z',
    '2025-01-05',
    'tomorrow',
    '',
    '2025-01-05 10:00',
    '1736051400',
  ])('%j is not an instant', (value) => {
    expect(parseInstant(value)).toBeNull();
  });
});

describe('parseCalendarDate', () => {
  test.each([
    ['2025-01-05', '2025-01-05'],
    ['2025-01-04T19:00:00.000Z', '2025-01-05'],
    ['2025-01-04T18:29:59.000Z', '2025-01-04'],
    ['2024-02-29', '2024-02-29'],
  ])('%s → %s', (value, expected) => {
    expect(parseCalendarDate(value)).toBe(expected);
  });

  test.each(['2025-02-29', '2025-13-01', '05/01/2025', '2025-1-5'])('%j is not a date', (value) => {
    expect(parseCalendarDate(value)).toBeNull();
  });
});

test('kolkataToday is the Kolkata date whatever the machine’s zone', () => {
  expect(kolkataToday(new Date('2025-01-04T18:30:00.000Z'))).toBe('2025-01-05');
  expect(kolkataToday(new Date('2025-01-04T18:29:59.999Z'))).toBe('2025-01-04');
});

describe('addCalendarDays', () => {
  test.each([
    ['2025-12-30', 3, '2026-01-02'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2025-03-10', 0, '2025-03-10'],
  ])('%s + %i → %s', (date, days, expected) => {
    expect(addCalendarDays(date, days)).toBe(expected);
  });
});

describe('kolkataTodayAt', () => {
  test('is kolkataToday at every instant around Kolkata midnight, in any order', () => {
    const instants = [
      '2025-01-04T18:29:00.000Z',
      '2025-01-04T18:29:59.999Z',
      '2025-01-04T18:30:00.000Z',
      '2025-01-04T18:30:59.999Z',
      '2025-01-04T18:29:30.000Z',
      '2026-06-01T00:00:00.000Z',
      '2025-01-04T18:30:00.001Z',
    ].map((text) => new Date(text));
    for (const now of instants) {
      expect({ now, today: kolkataTodayAt(now) }).toEqual({ now, today: kolkataToday(now) });
    }
  });
});
