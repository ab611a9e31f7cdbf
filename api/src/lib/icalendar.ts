/**
 * A small RFC 5545 writer for Duly's calendar feeds (issue 30, docs/integrations.md): what the
 * feeds need and nothing more. Lines end in CRLF and are folded at 75 octets (never inside a
 * UTF-8 sequence); TEXT values escape backslash, semicolon, comma and line breaks; times are
 * local to Asia/Kolkata with its VTIMEZONE (no daylight saving: one STANDARD rule).
 */
import { DateTime } from 'luxon';
import { TIME_ZONE } from '@duly/shared/contract';

export const TZID = TIME_ZONE; // Asia/Kolkata

/** RFC 5545 3.3.11: \\ ; , and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 3.1: lines longer than 75 octets go on in lines that start with a space. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never cut a UTF-8 sequence: back up to the start of a character.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // the leading space counts
  }
  return parts.join('\r\n ');
}

/** `20261215T093000` in Asia/Kolkata, from a stored UTC instant. */
export function localDateTime(instant: string): string {
  return DateTime.fromISO(instant, { zone: 'utc' })
    .setZone(TIME_ZONE)
    .toFormat("yyyyMMdd'T'HHmmss");
}

/** `20261215T040000Z`, from a stored UTC instant. */
export function utcDateTime(instant: string): string {
  return DateTime.fromISO(instant, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'");
}

/** `20261215`, from a stored `YYYY-MM-DD`. */
export function dateValue(date: string): string {
  return date.replace(/-/g, '');
}

export interface CalendarEvent {
  /** Stable per item and kind, so a calendar updates an event rather than adding another. */
  uid: string;
  /** When the item last changed (DTSTAMP and LAST-MODIFIED): the same feed, the same bytes. */
  stamp: string;
  summary: string;
  description?: string;
  /** A timed event at an instant (DURATION 30 min), or an all-day event on a date. */
  start: { instant: string } | { date: string };
  url?: string;
  categories?: string;
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export function calendar(options: { name: string; events: CalendarEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Duly//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${TZID}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...VTIMEZONE,
  ];
  for (const event of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utcDateTime(event.stamp)}`,
    );
    lines.push(`LAST-MODIFIED:${utcDateTime(event.stamp)}`);
    if ('instant' in event.start) {
      lines.push(`DTSTART;TZID=${TZID}:${localDateTime(event.start.instant)}`, 'DURATION:PT30M');
    } else {
      const next = DateTime.fromISO(event.start.date).plus({ days: 1 }).toISODate()!;
      lines.push(
        `DTSTART;VALUE=DATE:${dateValue(event.start.date)}`,
        `DTEND;VALUE=DATE:${dateValue(next)}`,
        'TRANSP:TRANSPARENT',
      );
    }
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.categories) lines.push(`CATEGORIES:${escapeText(event.categories)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
