import {
  certificateSchedule,
  digestSendAfter,
  kolkataInstant,
  taskEscalationCutoff,
} from './schedule';

describe('certificateSchedule', () => {
  test.each([
    ['2030-06-10', 30, '2030-05-11', '2030-07-11'],
    ['2030-03-01', 1, '2030-02-28', '2030-03-03'],
    ['2028-03-01', 1, '2028-02-29', '2028-03-03'],
    ['2031-01-05', 7, '2030-12-29', '2031-01-13'],
    ['2030-12-31', 365, '2029-12-31', '2032-01-01'],
  ])(
    'expiry %s, %i reminder days → remind on %s, escalate on %s',
    (expiry, days, remindOn, escalateOn) => {
      expect(certificateSchedule(expiry, days)).toEqual({
        remind_on: remindOn,
        escalate_on: escalateOn,
      });
    },
  );
});

describe('times in Asia/Kolkata', () => {
  test('09:00 on a Kolkata date is 03:30 UTC that day; 00:15 is the evening before in UTC', () => {
    expect(kolkataInstant('2030-05-11', '09:00')).toBe('2030-05-11T03:30:00.000Z');
    expect(kolkataInstant('2030-05-11', '00:15')).toBe('2030-05-10T18:45:00.000Z');
  });

  test('a digest recorded before REMINDER_TIME waits for it; one recorded after goes at once', () => {
    const early = new Date('2030-05-10T18:30:00.000Z'); // 00:00 on 2030-05-11 in Kolkata
    expect(digestSendAfter(early, '2030-05-11', '09:00')).toBe('2030-05-11T03:30:00.000Z');
    const late = new Date('2030-05-11T10:00:00.000Z');
    expect(digestSendAfter(late, '2030-05-11', '09:00')).toBe('2030-05-11T10:00:00.000Z');
    expect(digestSendAfter(late, '2030-05-11', '18:45')).toBe('2030-05-11T13:15:00.000Z');
  });

  test('a task escalates 72 hours after its due instant', () => {
    expect(taskEscalationCutoff(new Date('2030-06-13T06:30:00.000Z'))).toBe(
      '2030-06-10T06:30:00.000Z',
    );
  });
});
