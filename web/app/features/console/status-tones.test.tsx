import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from './booking-status.ts';
import { CalendarLegend } from './calendar-legend.tsx';
import { STATUS_TONES } from './status-tones.ts';

// The status list is the database's (server/test/booking-status-machine.test.ts checks it against the
// check constraint), so a status added there is checked here too.
describe('every booking status is drawn in the calendar', () => {
  it.each(BOOKING_STATUSES)('%s has a badge, a dot and a chip colour', (status) => {
    const tone = STATUS_TONES[status];
    expect(tone.badge).toMatch(/\bbg-/);
    expect(tone.dot).toMatch(/^bg-[a-z]+(-\d+)?$/);
    expect(tone.chip).toMatch(/\bborder-/);
  });

  it('gives each status its own dot colour, so the phone month tells them apart', () => {
    const dots = BOOKING_STATUSES.map((s) => STATUS_TONES[s].dot);
    expect(new Set(dots).size).toBe(BOOKING_STATUSES.length);
  });

  it('names every status in the legend, with its dot', () => {
    const html = renderToStaticMarkup(<CalendarLegend />);
    for (const status of BOOKING_STATUSES) {
      const label = status.charAt(0).toUpperCase() + status.slice(1);
      expect(html).toContain(`<span class="size-2.5 rounded-full ${STATUS_TONES[status].dot}"></span> ${label}</li>`);
    }
    expect(html).toContain('Quoted');
  });
});
