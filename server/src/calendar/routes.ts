import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { site } from '../../../content/site.ts';
import { feedResponse, type FeedBooking } from './feed.ts';

/** GET /functions/v1/calendar-feed/<secret>.ics on the local server. */
export function calendarFeedRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  app.all('/:file', (c) =>
    feedResponse(
      c.req.param('file'),
      async (secret) => {
        const { rows } = await ctx.db.tx(null, (sql) =>
          sql<{ feed: FeedBooking[] | null }>('select private.calendar_feed($1) as feed', [secret]),
        );
        return rows[0]?.feed ?? null;
      },
      {
        domain: ctx.mailDomain ?? 'localhost',
        siteUrl: ctx.config.siteUrl ?? new URL(c.req.url).origin,
        timeZone: site.timeZone,
      },
      c.req.method,
    ),
  );
  return app;
}
