/**
 * The part of schema.org's vocabulary the public pages use (decision 0044), to check their JSON-LD:
 * every node's @type is a schema.org type, and each property is one schema.org lists for that
 * type or a type it inherits from (the "Properties from …" tables of each type's page:
 * https://schema.org/Product, /Offer, /UnitPriceSpecification — "unitCode: The unit of
 * measurement given using the UN/CEFACT Common Code (3 characters)", /BreadcrumbList, /ItemList,
 * /ListItem, /Organization, /WebSite, /SearchAction, /EntryPoint, /Brand, /Place, /PostalAddress,
 * /AggregateRating).
 * `query-input` is the annotation https://schema.org/docs/actions.html gives SearchAction
 * ("query-input": "required name=search_term_string").
 */
const THING = [
  'name',
  'description',
  'url',
  'image',
  'sameAs',
  'identifier',
  'alternateName',
  'potentialAction',
];
const CREATIVE_WORK = ['inLanguage', 'publisher', 'author', 'about'];
const INTANGIBLE = THING;

const types: Record<string, string[]> = {
  Organization: [...THING, 'logo', 'address', 'email', 'telephone', 'brand'],
  WebSite: [...THING, ...CREATIVE_WORK],
  SearchAction: [...THING, 'target', 'query', 'query-input'],
  EntryPoint: [...INTANGIBLE, 'urlTemplate', 'actionPlatform'],
  Product: [...THING, 'brand', 'category', 'offers', 'sku', 'aggregateRating'],
  Brand: [...INTANGIBLE, 'logo'],
  AggregateRating: [
    ...INTANGIBLE,
    'ratingValue',
    'ratingCount',
    'reviewCount',
    'bestRating',
    'worstRating',
    'itemReviewed',
  ],
  Offer: [
    ...INTANGIBLE,
    'price',
    'priceCurrency',
    'priceSpecification',
    'availability',
    'seller',
    'areaServed',
    'itemOffered',
    'validFrom',
  ],
  UnitPriceSpecification: [
    ...INTANGIBLE,
    'price',
    'priceCurrency',
    'unitCode',
    'unitText',
    'referenceQuantity',
    'billingIncrement',
  ],
  Place: [...THING, 'address', 'geo'],
  PostalAddress: [
    ...INTANGIBLE,
    'streetAddress',
    'addressLocality',
    'addressRegion',
    'postalCode',
    'addressCountry',
  ],
  BreadcrumbList: [...INTANGIBLE, 'itemListElement', 'numberOfItems'],
  ItemList: [...INTANGIBLE, 'itemListElement', 'numberOfItems', 'itemListOrder'],
  ListItem: [...INTANGIBLE, 'item', 'position'],
};

/** What must be there for the node to mean anything (schema.org's own expectations, and Google's for rich results). */
const required: Record<string, string[]> = {
  Offer: ['price', 'priceCurrency'],
  UnitPriceSpecification: ['price', 'priceCurrency'],
  ListItem: ['position'],
  Product: ['name', 'offers'],
  AggregateRating: ['ratingValue', 'ratingCount'],
  BreadcrumbList: ['itemListElement'],
};

const KEYWORDS = new Set(['@context', '@type', '@id']);

/** Every way `node` strays from schema.org (empty when it does not), with the path to it. */
export function schemaOrgProblems(node: unknown, at = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => schemaOrgProblems(item, `${at}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const problems: string[] = [];
  if ('@context' in record && record['@context'] !== 'https://schema.org')
    problems.push(`${at}: @context ${String(record['@context'])}`);
  const type = record['@type'];
  if (typeof type === 'string') {
    const known = types[type];
    if (!known) problems.push(`${at}: tipo desconhecido ${type}`);
    else {
      for (const key of Object.keys(record))
        if (!KEYWORDS.has(key) && !known.includes(key)) problems.push(`${at}: ${type} não tem ${key}`);
      for (const key of required[type] ?? [])
        if (!(key in record)) problems.push(`${at}: ${type} sem ${key}`);
    }
    if (type === 'Offer' || type === 'UnitPriceSpecification') {
      if (!/^\d+(\.\d+)?$/.test(String(record.price))) problems.push(`${at}: price ${String(record.price)}`);
      if (!/^[A-Z]{3}$/.test(String(record.priceCurrency))) problems.push(`${at}: priceCurrency`);
    }
  } else if (!('@id' in record && Object.keys(record).length === 1) && at !== '$') {
    // A nested object without a type is a property value of no schema.org type (only an @id reference is).
    problems.push(`${at}: objeto sem @type`);
  }
  for (const [key, value] of Object.entries(record))
    if (!KEYWORDS.has(key)) problems.push(...schemaOrgProblems(value, `${at}.${key}`));
  return problems;
}
