/**
 * The reminder rules of ARCHITECTURE sections 6 and 7, written again from the text, for the
 * fault-injection test: given what the test created and the moments at which it let the
 * scheduler settle, which notices (recipient, ledger key) must have been delivered.
 *
 * Deliberately independent of api/src/reminders: the test must not learn what to expect from
 * the code (or the ledger) it checks. It only follows the documented key format
 * `<item type>:<id>:<kind>:<item date>:<user id>`.
 */
import { DateTime } from 'luxon';
import { TIME_ZONE } from '@duly/shared/contract';

export const TASK_ESCALATION_MS = 3 * 24 * 3600 * 1000;

export interface Person {
  id: string;
  email: string;
  role: 'employee' | 'manager' | 'admin';
  status: 'active' | 'inactive' | 'on_leave';
}

export interface TaskModel {
  id: string;
  /** As the API stored it (ISO UTC): it is part of the key. */
  dueDate: string;
  status: 'pending' | 'in_progress' | 'completed' | 'overdue' | 'escalated';
  assigneeId: string | null;
  assignerId: string | null;
}

export interface CertificateModel {
  id: string;
  expiryDate: string;
  reminderDaysBefore: number;
  /** Its own reminder offsets (issue 28): one reminder per offset instead of one. */
  offsets?: number[];
  status: 'active' | 'renewed' | 'expired' | 'escalated';
  inchargeId: string | null;
  creatorId: string;
}

/** One notice to one person: what the SMTP server must see exactly once. */
export interface Expected {
  email: string;
  key: string;
}

export function kolkataDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: TIME_ZONE }).toISODate()!;
}

/** `date` at `time` (HH:mm) in Asia/Kolkata, as an instant. */
export function kolkataInstant(date: string, time: string): Date {
  return DateTime.fromISO(`${date}T${time}`, { zone: TIME_ZONE }).toJSDate();
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;
}

function daysBetween(from: string, to: string): number {
  return DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days')
    .days;
}

/**
 * The notices due by the engine's time `now`, and the statuses the rules move items to,
 * applied to `tasks` and `certificates` in place (call it once per moment the test lets the
 * scheduler settle, in order). `reminderTime` is REMINDER_TIME (HH:mm).
 */
export class ReminderRules {
  readonly expected = new Map<string, Expected>();

  constructor(
    private readonly people: Map<string, Person>,
    private readonly reminderTime: string,
  ) {}

  private notify(userIds: (string | null)[], key: (userId: string) => string): void {
    // The same person twice (assignee and assigner) is one notice.
    for (const userId of new Set(userIds.filter((id): id is string => id !== null))) {
      const person = this.people.get(userId);
      if (!person) throw new Error(`Unknown person ${userId}`);
      const entry = { email: person.email, key: key(userId) };
      this.expected.set(`${entry.email} ${entry.key}`, entry);
    }
  }

  /**
   * The people an item names who can be emailed: the active ones, or, when none is, the
   * managers and admins (docs/reminders.md). Those on leave only see it in the bell, which
   * this model of the SMTP server's mails leaves out.
   */
  private namedOrLeaders(userIds: (string | null)[]): string[] {
    const active = userIds.filter(
      (id): id is string => id !== null && this.people.get(id)?.status === 'active',
    );
    return active.length > 0 ? active : this.managersAndAdmins();
  }

  private managersAndAdmins(): string[] {
    return [...this.people.values()]
      .filter((person) => person.status === 'active' && person.role !== 'employee')
      .map((person) => person.id);
  }

  settleAt(now: Date, tasks: TaskModel[], certificates: CertificateModel[]): void {
    const today = kolkataDate(now);
    for (const task of tasks) {
      const due = new Date(task.dueDate).getTime();
      if ((task.status === 'pending' || task.status === 'in_progress') && due < now.getTime()) {
        task.status = 'overdue';
        this.notify(
          this.namedOrLeaders([task.assigneeId, task.assignerId]),
          (user) => `task:${task.id}:overdue:${task.dueDate}:${user}`,
        );
      }
      if (task.status === 'overdue' && now.getTime() - due >= TASK_ESCALATION_MS) {
        task.status = 'escalated';
        this.notify(
          this.managersAndAdmins(),
          (user) => `task:${task.id}:escalated:${task.dueDate}:${user}`,
        );
      }
    }
    for (const certificate of certificates) {
      const { expiryDate } = certificate;
      const live = certificate.status === 'active' || certificate.status === 'renewed';
      // Without offsets, one reminder whose key names no offset; with them, one per offset.
      const reminders = certificate.offsets
        ? certificate.offsets.map((days) => ({ days, key: `${expiryDate}:${days}d` }))
        : [{ days: certificate.reminderDaysBefore, key: expiryDate }];
      // Valid through its expiry date; a reminder once its day's REMINDER_TIME has come.
      for (const reminder of reminders) {
        const reminderDate = addDays(expiryDate, -reminder.days);
        if (live && today <= expiryDate && now >= kolkataInstant(reminderDate, this.reminderTime)) {
          this.notify(
            this.namedOrLeaders([certificate.inchargeId, certificate.creatorId]),
            (user) => `certificate:${certificate.id}:reminder:${reminder.key}:${user}`,
          );
        }
      }
      if (live && today > expiryDate) {
        certificate.status = 'expired';
        this.notify(
          this.namedOrLeaders([certificate.inchargeId, certificate.creatorId]),
          (user) => `certificate:${certificate.id}:expired:${expiryDate}:${user}`,
        );
      }
      if (
        certificate.status === 'expired' &&
        daysBetween(expiryDate, today) >= certificate.reminderDaysBefore
      ) {
        certificate.status = 'escalated';
        this.notify(
          this.managersAndAdmins(),
          (user) => `certificate:${certificate.id}:escalated:${expiryDate}:${user}`,
        );
      }
    }
  }
}
