import { messageIdFor, noticeKey } from './keys';
import { reminderMail } from './messages';
import { retryDelayMs } from './sender';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-secret-for-the-unsubscribe-tests-0123456789';
const settings = { publicUrl: 'https://duly.example/app', jwtSecret: SECRET };
const recipient = { id: 'u-1', email: 'asha@example.test', full_name: 'Asha Rao' };

describe('keys and Message-IDs', () => {
  test('a key names the item, the kind, the date and the person', () => {
    expect(noticeKey('certificate_reminder', 'c-1', '2030-06-10', 'u-1')).toBe(
      'certificate:c-1:reminder:2030-06-10:u-1',
    );
    expect(noticeKey('task_escalated', 't-1', '2030-06-10T06:30:00.000Z', 'u-2')).toBe(
      'task:t-1:escalated:2030-06-10T06:30:00.000Z:u-2',
    );
  });

  test('the Message-ID depends on the set of keys only', () => {
    expect(messageIdFor(['a', 'b'])).toBe(messageIdFor(['b', 'a']));
    expect(messageIdFor(['a'])).not.toBe(messageIdFor(['a', 'b']));
    expect(messageIdFor(['a'])).toMatch(/^<[0-9a-f]{64}@duly>$/);
  });
});

describe('unsubscribe tokens', () => {
  test('name the person and the kind, and only this secret makes them', () => {
    const token = unsubscribeToken(SECRET, 'u-1', 'task_overdue');
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: 'u-1', kind: 'task_overdue' });
    expect(readUnsubscribeToken(`${SECRET}x`, token)).toBeNull();
    expect(
      readUnsubscribeToken(SECRET, token.replace('task_overdue', 'task_escalated')),
    ).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.replace('u-1', 'u-2'))).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}.more`)).toBeNull();
  });
});

describe('reminder mails', () => {
  const notice = (id: string, title: string) => ({
    key: noticeKey('certificate_reminder', id, '2030-06-10', 'u-1'),
    kind: 'certificate_reminder' as const,
    item_type: 'certificate' as const,
    item_id: id,
    item_title: title,
    item_date: '2030-06-10',
  });

  test('a single notice says what, when and where, with its key and unsubscribe headers', () => {
    const mail = reminderMail(settings, recipient, [notice('c-1', 'Fire <safety>')]);
    expect(mail.subject).toBe('Reminder: "Fire <safety>" expires soon');
    expect(mail.text).toContain('The certificate "Fire <safety>" expires on 10 June 2030.');
    expect(mail.text).toContain('https://duly.example/app/certificates/c-1');
    expect(mail.html).toContain('Fire &lt;safety&gt;');
    expect(mail.messageId).toBe(messageIdFor(['certificate:c-1:reminder:2030-06-10:u-1']));
    expect(mail.headers).toEqual({
      'X-Duly-Notification-Count': '1',
      'X-Duly-Notification-Keys': 'certificate:c-1:reminder:2030-06-10:u-1',
      'List-Unsubscribe': `<https://duly.example/app/api/v1/unsubscribe?token=${unsubscribeToken(SECRET, 'u-1', 'certificate_reminder')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  test('a digest lists every certificate and every key', () => {
    const mail = reminderMail(settings, recipient, [
      notice('c-2', 'First aid'),
      notice('c-1', 'Fire safety'),
    ]);
    expect(mail.subject).toBe('Reminder: 2 certificates expire soon');
    expect(mail.text).toContain('"First aid" expires on 10 June 2030');
    expect(mail.text).toContain('"Fire safety" expires on 10 June 2030');
    expect(mail.headers?.['X-Duly-Notification-Keys']).toBe(
      'certificate:c-1:reminder:2030-06-10:u-1, certificate:c-2:reminder:2030-06-10:u-1',
    );
  });

  test('task times are shown in Asia/Kolkata', () => {
    const mail = reminderMail(settings, recipient, [
      {
        key: 'task:t-1:overdue:2030-06-10T06:30:00.000Z:u-1',
        kind: 'task_overdue',
        item_type: 'task',
        item_id: 't-1',
        item_title: 'File the return',
        item_date: '2030-06-10T06:30:00.000Z',
      },
    ]);
    expect(mail.subject).toBe('Task overdue: "File the return"');
    expect(mail.text).toContain('was due on 10 June 2030, 12:00 IST');
    expect(mail.text).toContain('https://duly.example/app/tasks/t-1');
  });
});

describe('retries', () => {
  test('wait 1, 2, 4 … minutes, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([
      1, 2, 4, 8, 60, 60, 60,
    ]);
  });
});
