import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { routes } from './paths.ts';

const entries = Object.values(routes);
const strip = (path: string) => path.replace(/^\//, '');

export default [
  index(routes.splash.file),
  layout('features/shell/site-layout.tsx', [
    ...entries
      .filter((e) => e.withChrome)
      .map((e) => route(strip(e.path), e.file, { id: e.id })),
  ]),
] satisfies RouteConfig;
