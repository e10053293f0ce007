/**
 * A place name typed in Devanagari or Bengali script, written in Latin letters the way Indian
 * place names are romanised ("सिलिगुड़ी" → "siliguri", "জলপাইগুড়ি" → "jalpaiguri"), so that the
 * search's own forgiving key (search-key.ts) finds it among the place data's Latin names. Not a
 * transliteration scheme: long vowels are doubled (the key folds them), ण and न are both n, the
 * nukta letters ड़/ড় are r, and the vowel a consonant carries unwritten is dropped where Hindi
 * and Bengali speakers drop it (at the end of a word, and between a vowel and a syllable:
 * "कानपुर" is Kanpur, not Kanapura). Decision 038.
 */

import { INDIC } from './native-names';

/** Devanagari consonants by code point; Bengali ones are mapped onto these first. */
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
/**
 * Consonants with a nukta. The precomposed letters (क़, ड़, ড়, য়…) never reach the lookup: NFC
 * writes them as their consonant and the nukta sign, which is looked up here.
 */
const NUKTA_OF: Record<string, string> = {
  ड: 'r',
  ढ: 'rh',
  ज: 'z',
  फ: 'f',
  क: 'k',
  ख: 'kh',
  ग: 'g',
  य: 'y',
};

const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ee',
  उ: 'u',
  ऊ: 'oo',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
};
const SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ee',
  'ु': 'u',
  'ू': 'oo',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
};
const VIRAMA = '्';
const NUKTA = '़';
/** Nasal marks: anusvara and chandrabindu are an n (an m before b, p, m); visarga an h. */
const MARKS: Record<string, string> = { 'ं': 'n', 'ँ': 'n', 'ः': 'h' };

/**
 * Bengali letters as their Devanagari counterparts: the blocks share their layout (0x80 apart)
 * but for a few letters of Bengali's own.
 */
function asDevanagari(text: string): string {
  // Bengali's য is a j (যশোর, Jessore), but a y after a virama (the ya-phala of ক্য) and with a
  // nukta (য়): told apart before the letters are mapped. NFC writes ড়, ঢ় and য় as their
  // letter and the nukta sign, so they are mapped with the rest.
  const marked = text
    .normalize('NFC')
    .replace(/\u09AF\u09BC/g, 'य')
    .replace(/\u09CD\u09AF/g, '्य')
    .replace(/\u09AF/g, 'ज');
  let out = '';
  for (const ch of marked) {
    const code = ch.codePointAt(0)!;
    if (ch === '\u09CE') out += 'त्';
    else if (code >= 0x0981 && code <= 0x09ef) out += String.fromCodePoint(code - 0x80);
    else out += ch;
  }
  return out;
}

/** A syllable: its consonants (`size` of them, joined by viramas), its vowel, its nasal mark. */
type Syllable = {
  consonants: string;
  size: number;
  vowel: string | null;
  inherent: boolean;
  mark: string;
};

function syllablesOf(word: string): Syllable[] {
  const syllables: Syllable[] = [];
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const last = syllables.at(-1);
    if (CONSONANTS[ch] !== undefined) {
      let sound = CONSONANTS[ch];
      if (chars[i + 1] === NUKTA) {
        sound = NUKTA_OF[ch] ?? sound;
        i++;
      }
      // After a virama the consonant joins the cluster before it.
      if (last && last.vowel === null && !last.inherent && last.consonants) {
        last.consonants += sound;
        last.size += 1;
        last.vowel = 'a';
        last.inherent = true;
      } else {
        syllables.push({ consonants: sound, size: 1, vowel: 'a', inherent: true, mark: '' });
      }
    } else if (ch === VIRAMA && last) {
      // The cluster goes on with the next consonant (or the word ends without a vowel).
      last.vowel = null;
      last.inherent = false;
    } else if (SIGNS[ch] !== undefined && last) {
      last.vowel = SIGNS[ch];
      last.inherent = false;
    } else if (VOWELS[ch] !== undefined) {
      syllables.push({ consonants: '', size: 0, vowel: VOWELS[ch], inherent: false, mark: '' });
    } else if (MARKS[ch] !== undefined && last) {
      last.mark += MARKS[ch];
    }
  }
  return syllables;
}

function romaniseWord(word: string, dropsMedial: boolean): string {
  const syllables = syllablesOf(word);
  const n = syllables.length;
  // The unwritten vowel at the end of a word is not said (गंज, ganj; साल्ट, salt), but after a
  // cluster ending in r, y, v or l it is (मित्र, mitra; महाराष्ट्र).
  const end = syllables[n - 1];
  if (n > 1 && end?.inherent && (end.size === 1 || !/[ryvl]$/.test(end.consonants))) {
    end.vowel = null;
  }
  // Between a vowel and a consonant that has one: V C a C V, the a goes (left to right, never
  // two in a row). Names of Sanskrit origin keep it (वाराणसी, Varanasi): the caller tries both.
  for (let i = 1; dropsMedial && i < n - 1; i++) {
    const s = syllables[i]!;
    const before = syllables[i - 1]!;
    const after = syllables[i + 1]!;
    if (
      s.inherent &&
      s.vowel === 'a' &&
      !s.mark &&
      s.size === 1 &&
      before.vowel &&
      after.vowel &&
      after.size > 0
    ) {
      s.vowel = null;
      i++;
    }
  }
  return syllables
    .map((s, i) => {
      // A nasal is an m before b, p or m, an ng at the end of a word (দার্জিলিং), else an n.
      const next = syllables[i + 1]?.consonants[0] ?? '';
      const nasal = /[bpm]/.test(next) ? 'm' : next ? 'n' : 'ng';
      const mark = s.mark.replace(/^n/, nasal);
      return s.consonants + (s.vowel ?? '') + mark;
    })
    .join('');
}

/**
 * The Latin spellings of a name typed in Devanagari or Bengali, likeliest first (the vowels
 * between syllables dropped as speakers drop them, then kept; iya as ia), or none for any
 * other text.
 */
export function romanisations(text: string): string[] {
  if (!INDIC.test(text)) return [];
  const words = asDevanagari(text.replace(/[\u200C\u200D]/g, '')).split(/(\s+|-)/);
  const spell = (dropsMedial: boolean) =>
    words
      .map((part) => (INDIC.test(part) ? romaniseWord(part, dropsMedial) : part))
      .join('')
      .trim();
  // "ि" before "या" is often written ia (Ghaziabad, Gariahat): that spelling too.
  const spellings = [spell(true), spell(false)];
  return [...new Set([...spellings, ...spellings.map((w) => w.replace(/iy(?=a)/g, 'i'))])];
}

/** The likeliest Latin spelling of a name typed in Devanagari or Bengali, or null. */
export function romanise(text: string): string | null {
  return romanisations(text)[0] ?? null;
}
