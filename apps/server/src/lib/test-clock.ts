/**
 * The business clock of a server started with TEST_CLOCK=on (never in production): a base clock
 * plus an offset that only grows, moved by `POST /api/v1/test/clock` (routes/test-clock.ts). Each
 * instance keeps its own offset.
 */
export class ShiftedClock {
  private offset = 0;

  /** `base` is real time unless a server test injects its own clock. */
  constructor(private readonly base: () => number = Date.now) {}

  /** The shifted time, ms. */
  readonly now = (): number => this.base() + this.offset;

  /** How far the clock is ahead of its base, ms. */
  get offsetMs(): number {
    return this.offset;
  }

  /**
   * Moves the clock `ms` forward.
   * @throws RangeError for a negative or non-integer `ms`: time never goes back.
   */
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('the test clock only moves forward');
    this.offset += ms;
  }
}
