/** "1 meal", "12 meals": how every screen counts a package's food. */
export function meals(n: number): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? 'meal' : 'meals'}`;
}
