import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';

/** GET /health and GET /settings: what GoTrue says about itself (email sign-up, autoconfirmed). */
export function settingsRoutes(app: Hono<AppEnv>): void {
  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack: false,
        slack_oidc: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
}
