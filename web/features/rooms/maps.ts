/** A link that opens the clinic's address in the person's maps app (a plain https URL, no API key). */
export function mapsUrl(a: {
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  zip_code: string;
}): string {
  const query = `${a.street}, ${a.number} - ${a.neighborhood}, ${a.city} - ${a.state}, ${a.zip_code}, Brasil`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
