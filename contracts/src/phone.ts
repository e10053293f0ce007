/**
 * Shows a stored 10-digit number the way SPEC wants it. A module of its own, without zod: the
 * first page's words use it, and importing it from users.ts brought the schemas (27 KB) along.
 */
export function formatPhone(digits: string): string {
  return digits ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : '';
}
