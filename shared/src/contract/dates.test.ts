import { Settings } from 'luxon';
import { DATE_FORMATS } from './constants';
import {
  certificateSchedule,
  daysUntilExpiry,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatInstant,
  isoToKolkataInput,
  kolkataDateToIso,
  kolkataInputToIso,
  kolkataToday,
  toKolkataDate,
} from './dates';

/**
 * The suite runs once per machine zone below (luxon's default zone stands in
 * for the machine's); `npm test` also runs it under TZ=America/New_York and
 * TZ=UTC. Every answer must be the Asia/Kolkata one.
 */
const machineZones = ['system', 'America/New_York', 'UTC', 'Pacific/Kiritimati'];

describe.each(machineZones)('date helpers on a machine in %s', (machineZone) => {
  const originalZone = Settings.defaultZone;
  beforeAll(() => {
    Settings.defaultZone = machineZone;
  });
  afterAll(() => {
    Settings.defaultZone = originalZone;
  });

  describe('kolkataInputToIso', () => {
    it('reads a datetime-local value as Asia/Kolkata wall-clock time', () => {
      expect(kolkataInputToIso('2025-01-05T10:00')).toBe('2025-01-05T04:30:00.000Z');
    });

    it('moves to the previous UTC day before 05:30 in Kolkata', () => {
      expect(kolkataInputToIso('2025-01-05T03:00')).toBe('2025-01-04T21:30:00.000Z');
    });

    it('accepts seconds', () => {
      expect(kolkataInputToIso('2025-07-01T23:59:30')).toBe('2025-07-01T18:29:30.000Z');
    });

    it.each([
      '',
      'tomorrow',
      '2025-01-05',
      '2025-02-30T10:00',
      '2025-01-05T25:00',
      '2025-01-05T10:00Z',
    ])('gives null for %j', (value) => {
      expect(kolkataInputToIso(value)).toBeNull();
    });
  });

  describe('isoToKolkataInput', () => {
    it('shows an instant as the Kolkata datetime-local value', () => {
      expect(isoToKolkataInput('2025-01-04T21:30:00.000Z')).toBe('2025-01-05T03:00');
    });

    it('accepts any offset', () => {
      expect(isoToKolkataInput('2025-01-05T10:00:00+05:30')).toBe('2025-01-05T10:00');
    });

    it('round-trips with kolkataInputToIso', () => {
      expect(isoToKolkataInput(kolkataInputToIso('2025-12-31T23:45') as string)).toBe(
        '2025-12-31T23:45',
      );
    });

    it.each([null, undefined, '', 'not a date'])('gives an empty field for %j', (value) => {
      expect(isoToKolkataInput(value)).toBe('');
    });
  });

  describe('kolkataDateToIso', () => {
    it('gives the instant of Kolkata midnight', () => {
      expect(kolkataDateToIso('2025-01-05')).toBe('2025-01-04T18:30:00.000Z');
    });

    it('gives null for an impossible date', () => {
      expect(kolkataDateToIso('2025-02-30')).toBeNull();
    });
  });

  describe('formatDate and formatDateTime: the one format where the spec fixes none (issue 33)', () => {
    it('shows a calendar date, or an instant as its Kolkata date, as Jan 5, 2025', () => {
      expect(formatDate('2025-01-05')).toBe('Jan 5, 2025');
      // 23:30 UTC on January 4 is already January 5 in Kolkata.
      expect(formatDate('2025-01-04T23:30:00.000Z')).toBe('Jan 5, 2025');
      expect(formatDate(null)).toBe('');
    });

    it('shows an instant in Kolkata with its time, as the task list does', () => {
      expect(formatDateTime('2025-01-05T04:30:00.000Z')).toBe('Jan 5, 2025 10:00');
      expect(formatDateTime('2025-01-05T04:30:00.000Z')).toBe(
        formatInstant('2025-01-05T04:30:00.000Z', DATE_FORMATS.taskList),
      );
      expect(formatDateTime('not a date')).toBe('');
    });
  });

  describe('formatInstant', () => {
    const instant = '2025-01-05T04:30:00.000Z';

    it('formats the task list date in Kolkata time', () => {
      expect(formatInstant(instant, 'MMM d, yyyy HH:mm')).toBe('Jan 5, 2025 10:00');
      expect(formatInstant(instant, DATE_FORMATS.taskList)).toBe('Jan 5, 2025 10:00');
    });

    it("keeps Kolkata's older offsets (+06:30 until October 1945)", () => {
      expect(formatInstant('1944-01-01T00:00:00.000Z', 'yyyy-MM-dd HH:mm')).toBe(
        '1944-01-01 06:30',
      );
      expect(kolkataInputToIso('1944-01-01T06:30')).toBe('1944-01-01T00:00:00.000Z');
      expect(formatInstant('1945-10-15T00:00:00.000Z', 'yyyy-MM-dd HH:mm')).toBe(
        '1945-10-15 05:30',
      );
    });

    it('formats the task detail and dashboard dates', () => {
      expect(formatInstant(instant, DATE_FORMATS.taskDetail)).toBe('January 5, 2025');
      expect(formatInstant(instant, DATE_FORMATS.dashboard)).toBe('Jan 05, 2025');
    });

    it('uses the Kolkata date when it differs from the UTC date', () => {
      expect(formatInstant('2025-01-04T19:00:00.000Z', DATE_FORMATS.taskList)).toBe(
        'Jan 5, 2025 00:30',
      );
    });

    it.each([null, undefined, '', 'soon'])('gives an empty text for %j', (value) => {
      expect(formatInstant(value, DATE_FORMATS.taskList)).toBe('');
    });
  });

  describe('formatCalendarDate', () => {
    it('formats a calendar date without shifting it', () => {
      expect(formatCalendarDate('2025-01-05', DATE_FORMATS.dashboard)).toBe('Jan 05, 2025');
      expect(formatCalendarDate('2025-01-05', DATE_FORMATS.taskDetail)).toBe('January 5, 2025');
    });

    it('takes an instant as its Kolkata date', () => {
      expect(formatCalendarDate('2025-01-04T18:30:00.000Z', DATE_FORMATS.dashboard)).toBe(
        'Jan 05, 2025',
      );
      expect(formatCalendarDate('2025-01-04T18:29:59.000Z', DATE_FORMATS.dashboard)).toBe(
        'Jan 04, 2025',
      );
    });

    it.each([null, undefined, '', '2025-02-30', '05/01/2025'])(
      'gives an empty text for %j',
      (value) => {
        expect(formatCalendarDate(value, DATE_FORMATS.dashboard)).toBe('');
      },
    );
  });

  describe('kolkataToday', () => {
    it('changes date at Kolkata midnight, not UTC midnight', () => {
      expect(kolkataToday(new Date('2025-01-04T18:29:59.999Z'))).toBe('2025-01-04');
      expect(kolkataToday(new Date('2025-01-04T18:30:00.000Z'))).toBe('2025-01-05');
    });

    it('defaults to the current time', () => {
      const before = kolkataToday(new Date());
      const today = kolkataToday();
      const after = kolkataToday(new Date());
      expect([before, after]).toContain(today);
    });
  });

  describe('toKolkataDate', () => {
    it('keeps a calendar date', () => {
      expect(toKolkataDate('2024-02-29')).toBe('2024-02-29');
    });

    it('converts an instant to its Kolkata date', () => {
      expect(toKolkataDate('2025-01-04T19:00:00Z')).toBe('2025-01-05');
      expect(toKolkataDate('2025-01-05T23:00:00-05:00')).toBe('2025-01-06');
    });

    it('reads the widest real offsets, ±14:00', () => {
      expect(toKolkataDate('2025-01-05T01:00:00+14:00')).toBe('2025-01-04');
      expect(toKolkataDate('2025-01-05T20:00:00-1400')).toBe('2025-01-06');
    });

    it.each([
      '',
      '2025-02-30',
      '2023-02-29',
      '2025-13-01',
      '2025',
      'yesterday',
      '2026-01-01T10:00:00+25:00',
      '2026-01-01T10:00:00-14:01',
      '2026-01-01T10:00:00+05:60',
      '2026-01-01T10:00:00+0575',
      '2026-01-01T10:00:00+15',
    ])('gives null for %j', (value) => {
      expect(toKolkataDate(value)).toBeNull();
    });
  });

  describe('daysUntilExpiry', () => {
    // Noon on 5 January 2025 in Kolkata.
    const now = new Date('2025-01-05T06:30:00.000Z');

    it('is 0 on the expiry day itself', () => {
      expect(daysUntilExpiry('2025-01-05', now)).toBe(0);
    });

    it('rounds a future part-day up', () => {
      expect(daysUntilExpiry('2025-01-06', now)).toBe(1);
      expect(daysUntilExpiry('2025-01-15', now)).toBe(10);
    });

    it('is negative once past', () => {
      expect(daysUntilExpiry('2025-01-04', now)).toBe(-1);
      expect(daysUntilExpiry('2024-12-31', now)).toBe(-5);
    });

    it('counts from Kolkata midnight of the expiry date', () => {
      const kolkataMidnight = new Date('2025-01-04T18:30:00.000Z');
      expect(daysUntilExpiry('2025-01-05', kolkataMidnight)).toBe(0);
      expect(daysUntilExpiry('2025-01-05', new Date(kolkataMidnight.getTime() - 1))).toBe(1);
      expect(daysUntilExpiry('2025-01-06', kolkataMidnight)).toBe(1);
    });

    it('accepts an instant as the expiry, taken as its Kolkata date', () => {
      expect(daysUntilExpiry('2025-01-05T20:00:00.000Z', now)).toBe(1);
    });

    it('is NaN for an invalid expiry date', () => {
      expect(daysUntilExpiry('never', now)).toBeNaN();
    });
  });
});

describe('certificateSchedule (the one reminder-date rule)', () => {
  it('reminds reminder_days_before days before expiry and escalates that many days after it', () => {
    expect(certificateSchedule('2025-03-10', 30)).toEqual({
      remind_on: '2025-02-08',
      escalate_on: '2025-04-10',
    });
    expect(certificateSchedule('2024-03-01', 1)).toEqual({
      remind_on: '2024-02-29',
      escalate_on: '2024-03-03',
    });
    expect(certificateSchedule('2025-01-05', 0)).toEqual({
      remind_on: '2025-01-05',
      escalate_on: '2025-01-06',
    });
  });

  it('reads an instant as its Asia/Kolkata date and answers null for an invalid date', () => {
    expect(certificateSchedule('2025-01-04T19:00:00Z', 1)?.remind_on).toBe('2025-01-04');
    expect(certificateSchedule('2025-02-30', 1)).toBeNull();
    expect(certificateSchedule('soon', 1)).toBeNull();
  });
});
