import {
  complianceCellState,
  compliancePercent,
  effectiveOffsets,
  proposedExpiry,
  reminderOffsetsProblem,
  validityMonthsProblem,
} from './certificateTypes';
import { DateTime } from 'luxon';
import { kolkataToday } from './dates';

describe('a compliance cell at every boundary (Asia/Kolkata calendar dates)', () => {
  const today = '2026-03-10';
  const cell = (expiryDate: string | null, required = true) =>
    complianceCellState({ required, expiryDate, firstOffset: 60, today });

  test.each([
    ['the day before today', '2026-03-09', 'expired'],
    ['today, the expiry day itself', '2026-03-10', 'expiring'],
    ['tomorrow', '2026-03-11', 'expiring'],
    ['the first offset day (today + 60)', '2026-05-09', 'expiring'],
    ['the day after the first offset day (today + 61)', '2026-05-10', 'valid'],
    ['far ahead', '2030-01-01', 'valid'],
  ] as const)('a required certificate expiring %s is %s', (_, expiry, state) => {
    expect(cell(expiry)).toBe(state);
  });

  test('required and none held: missing; not required: not required, held or not', () => {
    expect(cell(null)).toBe('missing');
    expect(cell(null, false)).toBe('not_required');
    expect(cell('2020-01-01', false)).toBe('not_required');
  });

  test("today is Kolkata's today, from a browser in another zone (23:00 UTC is the next day there)", () => {
    // 2026-03-09T19:00Z is 00:30 on 10 March in Kolkata, still 9 March in UTC and the Americas.
    const kolkata = kolkataToday(new Date('2026-03-09T19:00:00Z'));
    expect(kolkata).toBe('2026-03-10');
    expect(
      complianceCellState({
        required: true,
        expiryDate: '2026-03-09',
        firstOffset: 14,
        today: kolkata,
      }),
    ).toBe('expired');
    // 18:29 UTC is 23:59 in Kolkata: still the 9th, the expiry day, so expiring.
    const lastMinute = kolkataToday(new Date('2026-03-09T18:29:00Z'));
    expect(
      complianceCellState({
        required: true,
        expiryDate: '2026-03-09',
        firstOffset: 14,
        today: lastMinute,
      }),
    ).toBe('expiring');
  });
});

describe('certificate type rules', () => {
  test.each([
    [[30, 7], null],
    [[1, 365], null],
    [[], 'must name at least one day'],
    [[0], 'must be whole days from 1 to 365'],
    [[366], 'must be whole days from 1 to 365'],
    [[1.5], 'must be whole days from 1 to 365'],
    [[7, 7], 'must not name the same day twice'],
    [[1, 2, 3, 4, 5, 6], 'must name at most 5 days'],
  ])('offsets %j → %s', (offsets, problem) => {
    expect(reminderOffsetsProblem(offsets)).toBe(problem);
  });

  test('validity: empty, or 1 to 600 months', () => {
    expect(validityMonthsProblem(null)).toBeNull();
    expect(validityMonthsProblem(1)).toBeNull();
    expect(validityMonthsProblem(600)).toBeNull();
    expect(validityMonthsProblem(0)).toMatch(/from 1 to 600/);
    expect(validityMonthsProblem(1000)).toMatch(/from 1 to 600/);
  });

  test("a certificate's offsets: its own, else its type's, else reminder_days_before", () => {
    expect(effectiveOffsets([7, 30], [60, 14], 10)).toEqual([30, 7]);
    expect(effectiveOffsets(null, [14, 60], 10)).toEqual([60, 14]);
    expect(effectiveOffsets(null, null, 10)).toEqual([10]);
  });

  test('a renewal proposes the issue date plus the validity (end of month kept in range)', () => {
    expect(proposedExpiry('2026-01-15', 24)).toBe('2028-01-15');
    expect(proposedExpiry('2026-01-31', 1)).toBe('2026-02-28');
    expect(proposedExpiry('2026-01-15', null)).toBeNull();
    expect(proposedExpiry('not a date', 12)).toBeNull();
    expect(proposedExpiry('2026-02-30', 12)).toBeNull();
    expect(proposedExpiry('2024-02-29', 12)).toBe('2025-02-28');
    expect(proposedExpiry('2024-02-29', 48)).toBe('2028-02-29');
    expect(proposedExpiry('2026-12-31', 2)).toBe('2027-02-28');
  });

  test('a renewal proposes what luxon proposed before issue 32 dropped it (every day of 2023-2028)', () => {
    const differences: string[] = [];
    for (let day = DateTime.utc(2023, 1, 1); day.year < 2029; day = day.plus({ days: 1 })) {
      const issue = day.toISODate()!;
      for (const months of [1, 2, 3, 6, 11, 12, 13, 24, 25, 36, 59, 120]) {
        const luxon = day.plus({ months }).toISODate();
        if (proposedExpiry(issue, months) !== luxon) differences.push(`${issue} + ${months}`);
      }
    }
    expect(differences).toEqual([]);
  });

  test("a compliance cell's reminder window counts calendar days across months and years", () => {
    const cell = (today: string, firstOffset: number, expiryDate: string) =>
      complianceCellState({ required: true, expiryDate, firstOffset, today });
    expect(cell('2026-12-20', 12, '2027-01-01')).toBe('expiring');
    expect(cell('2026-12-20', 11, '2027-01-01')).toBe('valid');
    expect(cell('2028-02-01', 28, '2028-02-29')).toBe('expiring');
    expect(cell('2028-02-01', 27, '2028-02-29')).toBe('valid');
  });

  test('percent compliant: whole, 100 when nothing is required', () => {
    expect(compliancePercent(0, 0)).toBe(100);
    expect(compliancePercent(2, 3)).toBe(66);
    expect(compliancePercent(3, 3)).toBe(100);
  });
});
