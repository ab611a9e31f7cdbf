import { makeCertificate, makeTask } from '@duly/shared/test-utils';
import { countWork, expiringInDays, isOverdueTask } from '../workSummary';

// 2025-03-10 12:00 in Asia/Kolkata.
const now = new Date('2025-03-10T06:30:00.000Z');

describe('overdue tasks (as the dashboard counts them)', () => {
  it.each([
    ['overdue', '2025-04-01T00:00:00.000Z', true],
    ['escalated', '2025-03-01T00:00:00.000Z', true],
    ['pending', '2025-03-10T06:29:59.000Z', true],
    ['in_progress', '2025-03-10T06:30:01.000Z', false],
    ['completed', '2025-03-01T00:00:00.000Z', false],
  ] as const)('a %s task due %s is overdue: %s', (status, due_date, expected) => {
    expect(isOverdueTask(makeTask({ status, due_date }), now)).toBe(expected);
  });
});

describe('expiring certificates: in their reminder window, not expired or renewed', () => {
  it.each([
    ['active', '2025-03-10', 7, 0],
    ['active', '2025-03-17', 7, 7],
    ['active', '2025-03-18', 7, null],
    ['escalated', '2025-03-11', 1, 1],
    ['active', '2025-03-09', 7, null],
    ['expired', '2025-03-12', 7, null],
    ['renewed', '2025-03-12', 7, null],
  ] as const)('%s, expiring %s, reminder %i days: %s', (status, expiry_date, days, expected) => {
    const certificate = makeCertificate({ status, expiry_date, reminder_days_before: days });
    expect(expiringInDays(certificate, now)).toBe(expected);
  });

  it('counts open, overdue and expiring items together', () => {
    expect(
      countWork(
        [
          makeTask({ status: 'completed' }),
          makeTask({ status: 'overdue', due_date: '2025-04-01T00:00:00.000Z' }),
          makeTask({ status: 'pending', due_date: '2025-04-01T00:00:00.000Z' }),
        ],
        [makeCertificate({ status: 'active', expiry_date: '2025-03-12', reminder_days_before: 3 })],
        now,
      ),
    ).toEqual({ openTasks: 2, overdueTasks: 1, expiringCertificates: 1 });
  });
});
