import { checkedKolkataInputToIso, dayCount, daysUntilExpiryText, reminderDate } from './dates';

describe('the certificate pages’ date texts', () => {
  const now = new Date('2025-01-05T06:30:00.000Z'); // noon in Asia/Kolkata

  it('count days in words, one day singular', () => {
    expect([dayCount(1), dayCount(-1), dayCount(0), dayCount(12)]).toEqual([
      '1 day',
      '-1 day',
      '0 days',
      '12 days',
    ]);
  });

  it('say how many days are left until the expiry date, negative once past', () => {
    expect(daysUntilExpiryText('2025-01-17', now)).toBe('12 days');
    expect(daysUntilExpiryText('2025-01-06', now)).toBe('1 day');
    expect(daysUntilExpiryText('2025-01-02', now)).toBe('-3 days');
    expect(daysUntilExpiryText('never', now)).toBe('');
  });

  it("give the reminder's day, '' for an invalid expiry date", () => {
    expect(reminderDate('2025-03-01', 30)).toBe('2025-01-30');
    expect(reminderDate('not a date', 30)).toBe('');
  });
});

describe('checkedKolkataInputToIso', () => {
  it('reads a datetime-local value in Asia/Kolkata and throws on one the schema should have refused', () => {
    expect(checkedKolkataInputToIso('2025-01-05T10:00')).toBe('2025-01-05T04:30:00.000Z');
    expect(() => checkedKolkataInputToIso('tomorrow')).toThrow('Invalid date and time: tomorrow');
  });
});
