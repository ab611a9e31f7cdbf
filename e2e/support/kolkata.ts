/** Wall-clock values in Asia/Kolkata, the product's one time zone, whatever the machine's zone. */
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The `datetime-local` value (`yyyy-MM-ddTHH:mm`) of an instant, read in Asia/Kolkata. */
export function kolkataInputValue(instant: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(instant).find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The `date` value (`yyyy-MM-dd`) in Asia/Kolkata, `days` whole days from now. */
export function kolkataDateValue(days = 0, now: Date = new Date()): string {
  return kolkataInputValue(new Date(now.getTime() + days * 86_400_000)).slice(0, 10);
}
