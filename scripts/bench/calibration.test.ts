import { describe, expect, it } from 'vitest';
import { multiplierFor, phoneOfRun, representsPhone } from './calibration.ts';

/** The calibration's arithmetic (docs/decisions/0019 and 0047), with the figures of a real run of the bench. */
describe('the calibrated phone', () => {
  it('slows the machine down to a phone of index 400, never below × 1', () => {
    expect(multiplierFor(2656)).toBe(6.64);
    expect(multiplierFor(1951)).toBe(4.88);
    expect(multiplierFor(300)).toBe(1);
    expect(multiplierFor(2000, 1000)).toBe(2);
  });

  it('names the phone a run represented: the index at its start over the slowdown', () => {
    // /contact on 2026-11-27: calibrated at 2,656 (× 6.64), Lighthouse measured 1,752 at a run's start.
    expect(phoneOfRun(1752, 6.64)).toBe(264);
    expect(phoneOfRun(2656, 6.64)).toBe(400);
  });

  it('counts a run as the class within a factor of 1.25 either way, and no further', () => {
    expect(representsPhone(2656, 6.64)).toBe(true);
    expect(representsPhone(1752, 6.64)).toBe(false); // a phone of 264: Chrome's low-tier preset
    expect(representsPhone(2617, 4.88)).toBe(false); // a phone of 536
    expect(representsPhone(320 * 5, 5)).toBe(true);
    expect(representsPhone(319 * 5, 5)).toBe(false);
    expect(representsPhone(500 * 5, 5)).toBe(true);
    expect(representsPhone(501 * 5, 5)).toBe(false);
    expect(representsPhone(1000, 1, 1000)).toBe(true);
  });
});
