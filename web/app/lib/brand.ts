// chunk: shell
import { useRouteLoaderData } from 'react-router';
import type { SiteContent } from '@content/editable.ts';

export type Brand = SiteContent['brand'];

/**
 * The published brand settings (name, phone, e-mail, links…): the root route's loader data, so they are in
 * every page's prerendered HTML and its `.data` file, never in the scripts (docs/site-editing.md).
 */
export function useBrand(): Brand {
  const data = useRouteLoaderData('root') as { brand: Brand } | undefined;
  if (!data) throw new Error('the root loader’s brand settings are missing');
  return data.brand;
}

/** A phone number as a tel: link. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The published brand settings in a `meta` function: the root route's data among its matches. */
export type MetaMatches = readonly ({ id: string; data?: unknown } | undefined)[];
export function brandOf(matches: MetaMatches): Brand | undefined {
  return (matches.find((m) => m?.id === 'root')?.data as { brand?: Brand } | undefined)?.brand;
}
