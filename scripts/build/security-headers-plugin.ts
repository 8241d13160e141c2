import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { site } from '../../content/site.ts';
import { SETTINGS_FILE, type ThirdParties } from '../../server/src/site/security-headers.ts';

/**
 * Writes `$BUILD_DIR/security-headers.json` beside the client build: which third parties this build
 * embeds (analytics, the channel widget, a hosted Supabase project). The server reads it to allow
 * exactly those in each page's Content-Security-Policy (server/src/site/security-headers.ts), so every
 * `react-router build`, with whatever settings, gets the policy it needs. Relative imports only.
 */
export function securityHeadersPlugin(): Plugin {
  let env: Record<string, string> = {};
  return {
    name: 'security-headers',
    apply: 'build',
    configResolved(config) {
      env = config.env as Record<string, string>;
    },
    generateBundle(options) {
      if (this.environment?.name !== 'client') return;
      const supabaseUrl = env.VITE_SUPABASE_URL || process.env.VITE_SUPABASE_URL;
      const thirdParties: ThirdParties = {
        analytics: Boolean(env.VITE_ANALYTICS_ID || site.analyticsId),
        channelWidget: Boolean(env.VITE_CHANNEL_WIDGET_ID || site.channelWidgetId),
        supabaseOrigin: supabaseUrl ? new URL(supabaseUrl).origin : undefined,
      };
      const outDir = options.dir ?? path.dirname(options.file ?? '.');
      fs.mkdirSync(path.dirname(outDir), { recursive: true });
      fs.writeFileSync(path.join(path.dirname(outDir), SETTINGS_FILE), `${JSON.stringify(thirdParties, null, 2)}\n`);
    },
  };
}
