const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "21 Nov 2026, 5:04 pm" */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
