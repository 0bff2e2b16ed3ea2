/**
 * Data the server wrote into the public pages' HTML (server/features/search/page-data.ts), so
 * their first screen needs no request of its own. Each entry is handed out once: later visits
 * to the same page ask the API as usual.
 */
const element = typeof document === 'undefined' ? null : document.getElementById('salas-initial');
const entries: Record<string, unknown> = element?.textContent ? JSON.parse(element.textContent) : {};

export function takeInitialData<T>(key: string): T | undefined {
  const value = entries[key] as T | undefined;
  delete entries[key];
  return value;
}
