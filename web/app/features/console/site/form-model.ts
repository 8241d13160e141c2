import { z } from 'zod';
import { siteDocumentSchemas, type SiteDocumentKey } from '@content/editable.ts';

/**
 * The site editor's forms are drawn from content/editable.ts's zod schemas (the one definition of what
 * is valid) through their JSON Schema: each property is a field, each list can grow, shrink and be
 * reordered, and zod's own issues are the field-level messages.
 */

export interface FieldSchema {
  type?: string | string[];
  properties?: Record<string, FieldSchema>;
  required?: string[];
  items?: FieldSchema;
  anyOf?: FieldSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  format?: string;
}

const jsonSchemas = new Map<SiteDocumentKey, FieldSchema>();

export function formSchema(key: SiteDocumentKey): FieldSchema {
  let s = jsonSchemas.get(key);
  if (!s) {
    s = z.toJSONSchema(siteDocumentSchemas[key], { unrepresentable: 'any', io: 'input' }) as FieldSchema;
    jsonSchemas.set(key, s);
  }
  return s;
}

export type Path = (string | number)[];
export const pathKey = (path: Path) => path.join('.');

/** Field-level messages: the issues of the document's zod schema, by path ("packages.0.name"). */
export function validate(
  key: SiteDocumentKey,
  value: unknown,
): { ok: true; data: unknown } | { ok: false; errors: Map<string, string> } {
  const r = siteDocumentSchemas[key].safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const errors = new Map<string, string>();
  for (const issue of r.error.issues) {
    const k = pathKey(issue.path as Path);
    if (!errors.has(k)) errors.set(k, issue.message);
  }
  return { ok: false, errors };
}

/** The value a new list item or a newly added optional part starts with. */
export function emptyValue(schema: FieldSchema, siblings: unknown[] = []): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.anyOf) return emptyValue(schema.anyOf[schema.anyOf.length - 1]!, siblings);
  if (schema.enum) return schema.enum[0];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const name of schema.required ?? []) {
      const prop = schema.properties?.[name] ?? {};
      if (name === 'id') out.id = newId(prop, siblings);
      else if (name === 'published') out.published = new Date().toISOString().slice(0, 10);
      else if (!prop.type && !prop.anyOf)
        out[name] = (siblings[0] as Record<string, unknown> | undefined)?.[name] ?? '';
      else out[name] = emptyValue(prop);
    }
    return out;
  }
  if (type === 'array') return [];
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') {
    if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + 1;
    return Math.max(0, schema.minimum ?? 0);
  }
  return '';
}

/** A new item's id: one above the highest for numbered items (a recipe's id is its address), else random. */
function newId(schema: FieldSchema, siblings: unknown[]): string | number {
  const ids = siblings.map((s) => (s as { id?: unknown }).id);
  if (schema.type === 'integer') return Math.max(0, ...ids.map(Number).filter(Number.isFinite)) + 1;
  return crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}

/** The variant of an anyOf that a value is (the one whose required keys it has). */
export function variantOf(schema: FieldSchema, value: unknown): FieldSchema {
  const options = schema.anyOf ?? [schema];
  const keys = value && typeof value === 'object' ? Object.keys(value) : [];
  return options.find((o) => (o.required ?? []).every((k) => keys.includes(k))) ?? options[0]!;
}

const LABELS: Record<string, string> = {
  name: 'Name',
  chefName: 'Chef’s name',
  tagline: 'Tagline',
  description: 'Description',
  phone: 'Phone number',
  email: 'E-mail address',
  channelUrl: 'Channel link',
  paymentUrl: 'Payment link',
  paymentHandle: 'Payment handle',
  serviceArea: 'Service area',
  address: 'Address',
  locality: 'City',
  region: 'State or region',
  country: 'Country code',
  timeZone: 'Time zone',
  deliverFormsToChef: 'Deliver the contact and newsletter forms to the console',
  packages: 'Packages',
  addOns: 'Add-ons',
  services: 'Services',
  price: 'Price as shown',
  per: 'Per',
  features: 'Features',
  popular: 'Most popular',
  icon: 'Icon',
  amount: 'Amount quotes use',
  cents: 'Amount in dollars',
  priceCents: 'Price in dollars',
  unit: 'Charged',
  eyebrow: 'Eyebrow',
  title: 'Title',
  lead: 'Lead',
  paragraphs: 'Paragraphs',
  hero: 'Hero',
  intro: 'Intro',
  home: 'Home page',
  about: 'About page',
  privateEvents: 'Private events page',
  faq: 'FAQ',
  question: 'Question',
  answer: 'Answer',
  quote: 'Quote',
  rating: 'Rating',
  ratingCount: 'Number of ratings',
  image: 'Bundled photo',
  photo: 'Uploaded photo',
  hidden: 'Hidden from the site',
  id: 'Id',
  category: 'Category',
  time: 'Total time',
  servings: 'Servings',
  difficulty: 'Difficulty',
  video: 'Bundled video',
  published: 'First published on',
  exclusive: 'Only in the cookbook',
  ingredients: 'Ingredients',
  quantity: 'Quantity',
  section: 'Section heading',
  instructions: 'Steps',
  tags: 'Tags',
  alt: 'Alt text (what the photo shows)',
  currency: 'Currency',
  taxRateBp: 'Tax rate in basis points (825 = 8.25 %)',
  depositPercent: 'Deposit (% of the total)',
  depositDueDays: 'Deposit due (days after sending)',
  balanceDueDaysBefore: 'Balance due (days before the event)',
  balanceReminderDays: 'Balance reminder (days before due)',
  quoteValidDays: 'Quote valid for (days)',
  terms: 'Terms',
};

const ITEM_LABELS: Record<string, string> = {
  packages: 'Package',
  addOns: 'Add-on',
  services: 'Service',
  features: 'Feature',
  paragraphs: 'Paragraph',
  ingredients: 'Ingredient',
  instructions: 'Step',
  tags: 'Tag',
  cards: 'Card',
  items: 'Item',
  events: 'Event',
  steps: 'Step',
  testimonials: 'Testimonial',
  recipes: 'Recipe',
  gallery: 'Photo',
  faq: 'Question',
};

export function labelOf(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function itemLabelOf(listName: string): string {
  return ITEM_LABELS[listName] ?? 'Item';
}

/** A list item's name in its heading: its title, name, question or alt text. */
export function itemTitle(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const v = value as Record<string, unknown>;
  for (const k of ['title', 'name', 'question', 'section', 'alt', 'quote'])
    if (typeof v[k] === 'string' && v[k]) return String(v[k]);
  return '';
}

/** Long texts get a text area. */
export function isLongText(name: string, schema: FieldSchema, value: unknown): boolean {
  if (['description', 'lead', 'quote', 'answer', 'terms', 'paragraphs', 'instructions'].includes(name)) return true;
  return (schema.maxLength ?? 0) > 300 || (typeof value === 'string' && value.length > 90);
}

export const isMoney = (name: string) => name === 'cents' || /Cents$/.test(name);
