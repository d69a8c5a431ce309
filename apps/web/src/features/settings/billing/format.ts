const DAY_MS = 86_400_000;

/** Whole days until the moment, rounded up; never negative. */
export function daysLeft(until: string | Date, now: Date = new Date()): number {
  const end = typeof until === 'string' ? new Date(until) : until;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
