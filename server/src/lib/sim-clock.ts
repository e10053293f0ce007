/**
 * The simulation's clock (SIM_CLOCK): this process's time stands still until it is moved on.
 * `Date.now()` and `new Date()` read it, and so does the embedded database, whose `now()` is this
 * process's clock: every deadline, timestamp and time-of-day rule follows one clock that the
 * simulation moves minute by minute, so a city day plays in minutes and plays the same each time.
 * Timers (setTimeout) keep real time. Never installed outside a simulation (config.simClock).
 */
export type SimClock = {
  now(): number;
  /** Moves the clock on to `ms` (never back); returns the new time. */
  moveTo(ms: number): number;
};

export function installSimClock(startMs: number): SimClock {
  const RealDate = Date;
  let current = startMs;

  class SimDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(current);
      // Any other call is Date's own (the tuple type only satisfies the type check).
      else super(...(args as [number, number]));
    }

    static override now(): number {
      return current;
    }
  }
  globalThis.Date = SimDate as DateConstructor;

  return {
    now: () => current,
    moveTo(ms) {
      if (!Number.isFinite(ms)) throw new RangeError('the simulation clock needs a time');
      current = Math.max(current, Math.round(ms));
      return current;
    },
  };
}
