/**
 * Reading ISO dates and instants, and Asia/Kolkata's wall clock, without a date library (issue
 * 32: luxon was the only reason a list screen downloaded 21 KB gzipped more). Reading follows
 * luxon's `DateTime.fromISO` for the calendar-date forms DATE_OR_INSTANT_PATTERN lets through
 * (compared on 41,000 values, the zone's changes of 1941–1945 included). Internal to the
 * contract: dates.ts and activity.ts build on it.
 *
 * Asia/Kolkata has been UTC+05:30, without daylight saving, since 1945-10-15 (tz database), so
 * from then on a fixed offset gives the very answers of the IANA zone without asking the
 * browser's time-zone database: its first use costs ~50 ms of main thread (issue 18: most of
 * the task table's render went there). Older instants go through the IANA zone
 * (`Intl.DateTimeFormat`), whose history is exact.
 */
import { TIME_ZONE } from './constants';

const KOLKATA_OFFSET_MINUTES = 330;
/** 1945-10-15T00:00+06:30, the end of the last offset other than +05:30. */
const FIXED_OFFSET_SINCE_MS = Date.UTC(1945, 9, 14, 17, 30);
const MS_PER_MINUTE = 60_000;

/** A calendar date, optionally followed by a time and an offset (an ISO instant). */
const DATE_OR_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}(T.+)?$/;
/**
 * What luxon's `fromISO` reads after such a date: a time (`HH`, `HH:mm`, `HH:mm:ss.SSS`, also
 * without colons), then an offset (`Z`, `+05:30`, `+0530`, `+05`) and/or an IANA zone in brackets.
 */
const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d{1,30}))?)?)?(?:([Zz])|([+-]\d{2})(?::?(\d{2}))?)?(?:\[([A-Za-z_+-]{1,256}(?::?\/[A-Za-z0-9_+-]{1,256}(?:\/[A-Za-z0-9_+-]{1,256})?)?)\])?)?$/;

/** The numeric offset ending an instant's time (`+05:30`, `-0800`, `+05`): hours, minutes. */
const OFFSET_PATTERN = /T[^+-]*[+-](\d{2})(?::?(\d{2}))?$/;
/** The widest offset a clock uses (Kiribati, +14:00); the farthest west is -12:00. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * Whether an instant's offset, if it has a numeric one, is one a clock could show: within
 * ±14:00 and with fewer than 60 minutes. luxon read `+25:00` or `+05:75` as given, which
 * turned a typo into a date a day away.
 */
export function hasRealOffset(value: string): boolean {
  const offset = OFFSET_PATTERN.exec(value);
  if (!offset) return true;
  const hours = Number(offset[1]);
  const minutes = Number(offset[2] ?? 0);
  return minutes < 60 && hours * 60 + minutes <= MAX_OFFSET_MINUTES;
}

/** Wall-clock fields (month 1–12), as read from or shown in a zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/**
 * The fields read as if they were UTC, in ms (years 0–99 included, which Date.UTC moves; hour
 * 24 is the next day's midnight).
 */
export function wallClockMs(clock: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  const time = ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000;
  return date.getTime() + time + clock.millisecond;
}

function wallClockOf(ms: number): WallClock {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
  };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A zone's offset from UTC at `ms`, in minutes (as luxon counts it: from whole seconds); NaN
 * for an unknown zone.
 */
function zoneOffsetMinutes(zone: string, ms: number): number {
  let format = zoneFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return Number.NaN;
    }
    zoneFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  const clock: WallClock = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: 0,
  };
  const wholeSeconds = ms - (((ms % 1000) + 1000) % 1000);
  return (wallClockMs(clock) - wholeSeconds) / MS_PER_MINUTE;
}

/** Asia/Kolkata's offset at `ms`: the fixed +05:30 unless that is too early. */
function kolkataOffsetMinutes(ms: number): number {
  return ms >= FIXED_OFFSET_SINCE_MS ? KOLKATA_OFFSET_MINUTES : zoneOffsetMinutes(TIME_ZONE, ms);
}

/**
 * The instant a wall-clock time (as ms read as UTC) shows in `zone`, as luxon finds it: from the
 * zone's offset now, corrected twice; a time a clock change skipped moves forward. NaN for an
 * unknown zone.
 */
function zoneWallClockToMs(local: number, zone: string): number {
  const now = zoneOffsetMinutes(zone, Date.now());
  let guess = local - now * MS_PER_MINUTE;
  const second = zoneOffsetMinutes(zone, guess);
  if (now === second) return guess;
  guess -= (second - now) * MS_PER_MINUTE;
  const third = zoneOffsetMinutes(zone, guess);
  if (second === third) return guess;
  return local - Math.min(second, third) * MS_PER_MINUTE;
}

/** The instant a Kolkata wall-clock time (as ms read as UTC) shows. */
export function kolkataWallClockToMs(local: number): number {
  const fixed = local - KOLKATA_OFFSET_MINUTES * MS_PER_MINUTE;
  return fixed >= FIXED_OFFSET_SINCE_MS ? fixed : zoneWallClockToMs(local, TIME_ZONE);
}

/** The wall clock of an instant in Asia/Kolkata. */
export function kolkataClock(ms: number): WallClock {
  return wallClockOf(ms + kolkataOffsetMinutes(ms) * MS_PER_MINUTE);
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return new Date(Date.UTC(2001, month, 0)).getUTCDate();
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * Reads a date or an instant in Asia/Kolkata: the instant in ms. A value without an offset is
 * a Kolkata wall-clock time (or, with `wallClockToMs`, another zone's); a value with one (`Z`, `+05:30`) is converted. Null for anything
 * else, including impossible dates (2025-02-30), times (25:00) and offsets (`+25:00`).
 */
export function parseInKolkata(
  value: string | null | undefined,
  wallClockToMs: (local: number) => number = kolkataWallClockToMs,
): number | null {
  if (!value || !DATE_OR_INSTANT_PATTERN.test(value) || !hasRealOffset(value)) return null;
  const match = ISO_PATTERN.exec(value);
  if (!match) return null;
  const [
    ,
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction,
    utc,
    offsetHours,
    offsetMinutes,
    zone,
  ] = match;
  const clock: WallClock = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
    millisecond: fraction ? Math.floor(parseFloat(`0.${fraction}`) * 1000) : 0,
  };
  const midnightNext = clock.hour === 24 && clock.minute === 0 && clock.second === 0;
  if (
    clock.month < 1 ||
    clock.month > 12 ||
    clock.day < 1 ||
    clock.day > daysInMonth(clock.year, clock.month) ||
    (clock.hour > 23 && !(midnightNext && clock.millisecond === 0)) ||
    clock.minute > 59 ||
    clock.second > 59
  )
    return null;
  const local = wallClockMs(clock);
  // As luxon: a zone in brackets wins over an offset; the time is that zone's wall clock.
  if (zone !== undefined) {
    const ms = zoneWallClockToMs(local, zone);
    return Number.isNaN(ms) ? null : ms;
  }
  if (utc) return local;
  if (offsetHours !== undefined) {
    const hours = Number(offsetHours);
    const minutes = Number(offsetMinutes ?? 0);
    const negative = offsetHours.startsWith('-');
    return local - (hours * 60 + (negative ? -minutes : minutes)) * MS_PER_MINUTE;
  }
  return wallClockToMs(local);
}
