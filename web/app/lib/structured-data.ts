// chunk: shell
/**
 * schema.org JSON-LD for the pages' heads (pass the results to `pageMeta(id, { jsonLd })`).
 *
 * Pure builders: they read the brand settings, the route registry and the media manifest, and
 * return plain objects. React Router's <Meta> serialises them into `<script type="application/ld+json">`
 * and escapes `<`, `>` and `&` as \u003c… on the way (structured-data.test.ts checks this).
 * A recipe page's own Recipe object is built in features/recipes/recipe-json-ld.ts.
 */
import type { AddOn, PricingPackage, ServiceCard } from '@content/marketing-schema.ts';
import type { Recipe } from '@content/recipe-schema.ts';
import { site } from '@content/site.ts';
import { imageUrl, mediaImage, ogImageUrl, type ImageKey } from '~/components/ui/picture.tsx';
import { href, recipePath } from '~/paths.ts';

export type JsonLd = Record<string, unknown> & { '@context': 'https://schema.org'; '@type': string | string[] };

const CONTEXT = 'https://schema.org' as const;

/** An absolute URL on the site's origin (URLs that are already absolute are kept). */
export const absoluteUrl = (url: string) =>
  /^https?:\/\//.test(url) ? url : `${site.origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** The largest raster (WebP) of an image, as an absolute URL: what crawlers and cards can read. */
const imageAbsolute = (key: ImageKey) => absoluteUrl(imageUrl(key));

/** The business's node id: every other object points at it as provider or publisher. */
export const BUSINESS_ID = `${site.origin}/#business`;

/** The business as a short reference (for `provider`, `publisher`). */
const businessRef = () => ({
  '@type': 'FoodEstablishment',
  '@id': BUSINESS_ID,
  name: site.name,
  url: absoluteUrl(href('home')),
});

/** "Nationwide" means the whole country of the address; anything else is a named area. */
const areaServed = (brand: BusinessBrand) =>
  /nationwide/i.test(brand.serviceArea)
    ? { '@type': 'Country', name: brand.address.country }
    : { '@type': 'Place', name: brand.serviceArea };

/** The brand settings the business's JSON-LD reads: the published ones (root loader data) where a page has them. */
type BusinessBrand = Pick<
  typeof site,
  'name' | 'description' | 'tagline' | 'phone' | 'email' | 'chefName' | 'serviceArea' | 'address' | 'channelUrl'
>;

/**
 * The business: a FoodEstablishment (schema.org's LocalBusiness for food; a private chef and caterer
 * has no storefront, so the address is the locality it works from) with its contacts, images,
 * area served and channel.
 */
export function businessJsonLd(brand: BusinessBrand = site): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FoodEstablishment',
    '@id': BUSINESS_ID,
    name: brand.name,
    description: brand.description,
    slogan: brand.tagline,
    url: absoluteUrl(href('home')),
    telephone: brand.phone,
    email: brand.email,
    image: [absoluteUrl(ogImageUrl()), imageAbsolute('chefPortrait')],
    logo: { '@type': 'ImageObject', url: absoluteUrl(mediaImage('logo').fallback), caption: mediaImage('logo').alt },
    founder: { '@type': 'Person', name: brand.chefName, jobTitle: 'Private Chef' },
    areaServed: areaServed(brand),
    address: {
      '@type': 'PostalAddress',
      addressLocality: brand.address.locality,
      addressRegion: brand.address.region,
      addressCountry: brand.address.country,
    },
    // Relative price level (schema.org priceRange): private dinners from $150 per person.
    priceRange: '$$$',
    currenciesAccepted: 'USD',
    sameAs: [brand.channelUrl],
  };
}

// ── Prices ───────────────────────────────────────────────────────────────────────────────────────

/** UN/CEFACT common codes for the units our price texts use. */
const UNIT_CODES: Record<string, string> = { hour: 'HUR', week: 'WEE', day: 'DAY', person: 'IE' };

export interface ParsedPrice {
  /** The amount in dollars; absent for "Custom pricing", "Market price", "Custom quote". */
  amount?: number;
  /** "From $150": a starting price, not a fixed one. */
  from: boolean;
  /** "per person" → "person". */
  unit?: string;
}

/** Reads a displayed price text: "From $150 per person", "$30 per person", "From $500", "Custom pricing". */
export function parsePrice(text: string): ParsedPrice {
  const amount = /\$\s*(\d[\d,]*(?:\.\d+)?)/.exec(text)?.[1];
  const unit = /\bper\s+([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  return {
    amount: amount === undefined ? undefined : Number(amount.replace(/,/g, '')),
    from: /^\s*from\b/i.test(text),
    unit,
  };
}

/** An Offer for a displayed price text (its seller is the Service's provider); a price quoted per event carries only its text. */
export function offerJsonLd(priceText: string, url?: string): Record<string, unknown> {
  const price = parsePrice(priceText);
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    description: priceText,
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
  };
  if (url) offer.url = url;
  if (price.amount === undefined) return offer;
  const spec: Record<string, unknown> = {
    '@type': price.unit ? 'UnitPriceSpecification' : 'PriceSpecification',
    priceCurrency: 'USD',
    [price.from ? 'minPrice' : 'price']: price.amount,
  };
  if (price.unit) {
    spec.referenceQuantity = {
      '@type': 'QuantitativeValue',
      value: 1,
      unitText: price.unit,
      ...(UNIT_CODES[price.unit] ? { unitCode: UNIT_CODES[price.unit] } : {}),
    };
  }
  offer.priceSpecification = spec;
  if (!price.from) offer.price = price.amount;
  return offer;
}

// ── Services ─────────────────────────────────────────────────────────────────────────────────────

/** A service card (/services), a pricing package or an add-on (/price-list). */
export type ServiceItem = ServiceCard | PricingPackage | AddOn;

const serviceName = (item: ServiceItem) => ('title' in item ? item.title : item.name);
const servicePrice = (item: ServiceItem) => ('per' in item ? `${item.price} ${item.per}` : item.price);

/**
 * The services as an ItemList of Service, each with its Offer (price specification read from the
 * displayed price text), provided by the business across its service area.
 */
export function servicesJsonLd(services: readonly ServiceItem[], options: { name: string; url: string }): JsonLd {
  const url = absoluteUrl(options.url);
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: options.name,
    url,
    numberOfItems: services.length,
    itemListElement: services.map((item, i) => {
      const service: Record<string, unknown> = {
        '@type': 'Service',
        name: serviceName(item),
        serviceType: serviceName(item),
        description: item.description,
        provider: businessRef(),
        areaServed: areaServed(site),
        offers: offerJsonLd(servicePrice(item), url),
      };
      if ('image' in item && item.image) service.image = imageAbsolute(item.image);
      return { '@type': 'ListItem', position: i + 1, item: service };
    }),
  };
}

// ── Recipes ──────────────────────────────────────────────────────────────────────────────────────

/** The recipe list (/recipes) as an ItemList of links to each recipe page (Google's summary-page form). */
export function recipeListJsonLd(recipes: readonly Pick<Recipe, 'id' | 'title'>[], name = 'Recipes'): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    url: absoluteUrl(href('recipes')),
    numberOfItems: recipes.length,
    itemListElement: recipes.map((recipe, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: absoluteUrl(recipePath(recipe.id)),
      name: recipe.title,
    })),
  };
}

// ── Videos ───────────────────────────────────────────────────────────────────────────────────────

export interface VideoInput {
  title: string;
  description: string;
  /** Image key of the thumbnail (poster). */
  thumbnail: ImageKey;
  /** ISO 8601 date (or date-time) the video was published. */
  uploadDate: string;
  /** "8:42" or "1:02:03" as shown, or already ISO 8601 ("PT8M42S"). */
  duration?: string;
  /** The video platform's id: gives the watch URL and the embed URL. */
  youtubeId?: string;
  /** A video file we serve ourselves (root-relative or absolute). */
  contentUrl?: string;
}

/** "8:42" → "PT8M42S", "1:02:03" → "PT1H2M3S"; an ISO 8601 duration is kept. */
export function clockToIsoDuration(text: string): string {
  if (/^P/.test(text)) return text;
  const parts = text.split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new RangeError(`Not a running time: ${text}`);
  }
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** A VideoObject: name, description, absolute thumbnail, upload date, duration and where to play it. */
export function videoJsonLd(video: VideoInput): JsonLd {
  const data: JsonLd = {
    '@context': CONTEXT,
    '@type': 'VideoObject',
    name: video.title,
    description: video.description,
    thumbnailUrl: [imageAbsolute(video.thumbnail)],
    uploadDate: video.uploadDate,
    publisher: businessRef(),
  };
  if (video.duration) data.duration = clockToIsoDuration(video.duration);
  if (video.youtubeId) {
    data.embedUrl = `https://www.youtube.com/embed/${video.youtubeId}`;
    data.url = `https://www.youtube.com/watch?v=${video.youtubeId}`;
  }
  if (video.contentUrl) data.contentUrl = absoluteUrl(video.contentUrl);
  return data;
}
