/**
 * Folds a place name (or what someone typed) into a key that forgives the usual differences
 * between romanisations of Indian names: aspirates (bh/b, kh/k), long vowels (aa/a, ee/i, oo/u),
 * doubled letters, w/v, z/j, q/k, ph/f, and accents. "Ghaziabad" and "Gaziabad" share a key.
 */
export function toSearchKey(text: string): string {
  return fold(text)
    .split(' ')
    .map((word) => aliasKeys.get(word) ?? word)
    .join(' ');
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/([bcdgjklpstr])h/g, '$1')
    .replace(/q/g, 'k')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/x/g, 'ks')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu|ou/g, 'u')
    .replace(/y\b/g, 'i')
    .replace(/([a-z])\1+/g, '$1');
}

/**
 * Old, colloquial or Hindi names of places and the name the data uses. Both the data and the
 * query pass through toSearchKey, so either spelling finds the place.
 */
const aliasPairs: [alias: string, name: string][] = [
  ['Bombay', 'Mumbai'],
  ['Bambai', 'Mumbai'],
  ['Calcutta', 'Kolkata'],
  ['Kalkatta', 'Kolkata'],
  ['Madras', 'Chennai'],
  ['Bangalore', 'Bengaluru'],
  ['Banglore', 'Bengaluru'],
  ['Bengalooru', 'Bengaluru'],
  ['Dilli', 'Delhi'],
  ['Lakhnau', 'Lucknow'],
  ['Laknau', 'Lucknow'],
  ['Banaras', 'Varanasi'],
  ['Benares', 'Varanasi'],
  ['Kashi', 'Varanasi'],
  ['Gurugram', 'Gurgaon'],
  ['Pondicherry', 'Puducherry'],
  ['Poona', 'Pune'],
  ['Baroda', 'Vadodara'],
  ['Trivandrum', 'Thiruvananthapuram'],
  ['Cochin', 'Kochi'],
  ['Mysore', 'Mysuru'],
  ['Allahabad', 'Prayagraj'],
  ['Bhagyanagar', 'Hyderabad'],
];

const aliasKeys = new Map(aliasPairs.map(([alias, name]) => [fold(alias), fold(name)]));
