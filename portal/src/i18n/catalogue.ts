/** One language's texts, by flat key ("login.title"). */
export type Catalogue = Record<string, string>;

/** Flattens a nested catalogue to "a.b.c" keys; a flat one passes through unchanged. */
export function flattenCatalogue(source: object, prefix = ''): Catalogue {
  const flat: Catalogue = {};
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else if (typeof value === 'object' && value !== null) Object.assign(flat, flattenCatalogue(value, path));
  }
  return flat;
}

/** The merged catalogue of one language: core's shared messages, then the portal's own. */
export function mergeCatalogue(core: object, portal: Catalogue): Catalogue {
  return { ...flattenCatalogue(core), ...portal };
}
