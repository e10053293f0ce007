const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "21 Nov 2026, 5:04 pm" */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "1 meal", "12 meals" */
export function meals(n: number): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? 'meal' : 'meals'}`;
}
