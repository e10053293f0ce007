import { AREAS, DISTRICTS, TOWNS } from './native-names.data';
import { toSearchKey } from './search-key';

/**
 * India's state and union-territory capitals and its fifty largest cities, as people write them
 * in Devanagari and in Bengali script, with the name the place data uses. The place
 * data (GeoNames postal localities) is in Latin letters only; a search typed in either script is
 * looked up here first and then searched under the Latin name.
 *
 * [name in the place data, its state there, Hindi (Devanagari), Bengali; further spellings after
 * the first]. The state picks the right one of the many places that share a name (Raipur is
 * also a village in Assam); where the data names a city differently (Kanpur Nagar, Allahabad,
 * Pondicherry), that name is used. Amaravati, Andhra Pradesh's new capital, has no post office
 * of its own in the data: a search for it shows the Amaravatis the data has. Every district and
 * the other towns of over 100,000 people follow in native-names.data.ts.
 */
const NAMES: [latin: string, state: string, hindi: string[], bengali: string[]][] = [
  // Fifty largest cities, roughly by population
  ['Mumbai', 'Maharashtra', ['मुंबई', 'मुम्बई', 'बंबई'], ['মুম্বাই', 'মুম্বই', 'বোম্বাই']],
  ['New Delhi', 'Delhi', ['दिल्ली', 'नई दिल्ली'], ['দিল্লি', 'দিল্লী', 'নয়াদিল্লি', 'নতুন দিল্লি']],
  ['Bengaluru', 'Karnataka', ['बेंगलुरु', 'बेंगलूरु', 'बंगलौर', 'बैंगलोर'], ['বেঙ্গালুরু', 'ব্যাঙ্গালোর']],
  ['Hyderabad', 'Telangana', ['हैदराबाद'], ['হায়দরাবাদ', 'হায়দ্রাবাদ']],
  ['Ahmedabad', 'Gujarat', ['अहमदाबाद'], ['আহমেদাবাদ', 'আমদাবাদ']],
  ['Chennai', 'Tamil Nadu', ['चेन्नई', 'मद्रास'], ['চেন্নাই', 'মাদ্রাজ']],
  ['Kolkata', 'West Bengal', ['कोलकाता', 'कलकत्ता'], ['কলকাতা', 'কোলকাতা']],
  ['Surat', 'Gujarat', ['सूरत'], ['সুরাট']],
  ['Pune', 'Maharashtra', ['पुणे', 'पूना'], ['পুনে']],
  ['Jaipur', 'Rajasthan', ['जयपुर'], ['জয়পুর']],
  ['Lucknow', 'Uttar Pradesh', ['लखनऊ'], ['লখনউ', 'লখনৌ']],
  ['Kanpur Nagar', 'Uttar Pradesh', ['कानपुर'], ['কানপুর']],
  ['Nagpur', 'Maharashtra', ['नागपुर'], ['নাগপুর']],
  ['Indore', 'Madhya Pradesh', ['इंदौर', 'इन्दौर'], ['ইন্দোর']],
  ['Thane', 'Maharashtra', ['ठाणे'], ['থানে']],
  ['Bhopal', 'Madhya Pradesh', ['भोपाल'], ['ভোপাল']],
  ['Visakhapatnam', 'Andhra Pradesh', ['विशाखापत्तनम', 'विशाखापट्टनम'], ['বিশাখাপত্তনম']],
  ['Pimpri', 'Maharashtra', ['पिंपरी', 'पिंपरी-चिंचवड़'], ['পিম্পরি', 'পিম্পরি-চিঞ্চওয়াড়']],
  ['Patna', 'Bihar', ['पटना'], ['পাটনা']],
  ['Vadodara', 'Gujarat', ['वडोदरा', 'बड़ौदा'], ['ভাদোদরা', 'বরোদা']],
  ['Ghaziabad', 'Uttar Pradesh', ['गाज़ियाबाद', 'गाजियाबाद'], ['গাজিয়াবাদ']],
  ['Ludhiana', 'Punjab', ['लुधियाना'], ['লুধিয়ানা']],
  ['Agra', 'Uttar Pradesh', ['आगरा'], ['আগ্রা']],
  ['Nashik', 'Maharashtra', ['नासिक', 'नाशिक'], ['নাসিক']],
  ['Faridabad', 'Haryana', ['फ़रीदाबाद', 'फरीदाबाद'], ['ফরিদাবাদ']],
  ['Meerut', 'Uttar Pradesh', ['मेरठ'], ['মিরাট']],
  ['Rajkot', 'Gujarat', ['राजकोट'], ['রাজকোট']],
  ['Kalyan', 'Maharashtra', ['कल्याण', 'कल्याण-डोंबिवली'], ['কল্যাণ']],
  ['Vasai', 'Maharashtra', ['वसई', 'वसई-विरार'], ['বসই', 'ভাসাই']],
  ['Varanasi', 'Uttar Pradesh', ['वाराणसी', 'बनारस', 'काशी'], ['বারাণসী', 'বেনারস', 'কাশী']],
  ['Srinagar', 'Jammu & Kashmir', ['श्रीनगर'], ['শ্রীনগর']],
  ['Aurangabad', 'Maharashtra', ['औरंगाबाद', 'छत्रपति संभाजीनगर'], ['ঔরঙ্গাবাদ']],
  ['Dhanbad', 'Jharkhand', ['धनबाद'], ['ধানবাদ']],
  ['Amritsar', 'Punjab', ['अमृतसर'], ['অমৃতসর']],
  // Navi Mumbai's post offices carry their nodes' names; Vashi is its centre.
  ['Vashi-VII', 'Maharashtra', ['नवी मुंबई', 'वाशी'], ['নবি মুম্বাই', 'ভাশি']],
  ['Allahabad', 'Uttar Pradesh', ['प्रयागराज', 'इलाहाबाद'], ['প্রয়াগরাজ', 'এলাহাবাদ']],
  ['Howrah', 'West Bengal', ['हावड़ा'], ['হাওড়া']],
  ['Ranchi', 'Jharkhand', ['रांची', 'राँची'], ['রাঁচি', 'রাঁচী']],
  ['Gwalior', 'Madhya Pradesh', ['ग्वालियर'], ['গোয়ালিয়র']],
  ['Jabalpur', 'Madhya Pradesh', ['जबलपुर'], ['জবলপুর']],
  ['Coimbatore', 'Tamil Nadu', ['कोयंबटूर', 'कोयम्बटूर'], ['কোয়েম্বাটুর']],
  ['Vijayawada', 'Andhra Pradesh', ['विजयवाड़ा'], ['বিজয়ওয়াড়া']],
  ['Jodhpur', 'Rajasthan', ['जोधपुर'], ['যোধপুর']],
  ['Madurai', 'Tamil Nadu', ['मदुरै'], ['মাদুরাই']],
  ['Raipur', 'Chhattisgarh', ['रायपुर'], ['রায়পুর']],
  ['Kota', 'Rajasthan', ['कोटा'], ['কোটা']],
  ['Guwahati', 'Assam', ['गुवाहाटी'], ['গুয়াহাটি', 'গৌহাটি']],
  ['Chandigarh', 'Chandigarh', ['चंडीगढ़', 'चण्डीगढ़'], ['চণ্ডীগড়', 'চন্ডীগড়']],
  ['Solapur', 'Maharashtra', ['सोलापुर'], ['সোলাপুর']],
  ['Hubli', 'Karnataka', ['हुबली', 'हुबली-धारवाड़'], ['হুবলি']],
  ['Bareilly', 'Uttar Pradesh', ['बरेली'], ['বেরিলি', 'বরেলি']],
  ['Moradabad', 'Uttar Pradesh', ['मुरादाबाद'], ['মোরাদাবাদ']],
  ['Mysuru', 'Karnataka', ['मैसूर', 'मैसूरु'], ['মহীশূর', 'মাইসুরু']],
  ['Gurgaon', 'Haryana', ['गुड़गांव', 'गुरुग्राम'], ['গুরগাঁও', 'গুরুগ্রাম']],
  ['Aligarh', 'Uttar Pradesh', ['अलीगढ़'], ['আলিগড়']],
  ['Jalandhar', 'Punjab', ['जालंधर'], ['জলন্ধর']],
  ['Tiruchirappalli', 'Tamil Nadu', ['तिरुचिरापल्ली', 'त्रिची'], ['তিরুচিরাপল্লি']],
  ['Bhubaneswar', 'Odisha', ['भुवनेश्वर'], ['ভুবনেশ্বর']],
  ['Salem', 'Tamil Nadu', ['सेलम'], ['সালেম']],
  ['Warangal', 'Telangana', ['वारंगल'], ['ওয়ারাঙ্গল']],
  ['Siliguri', 'West Bengal', ['सिलीगुड़ी'], ['শিলিগুড়ি']],
  ['Durgapur', 'West Bengal', ['दुर्गापुर'], ['দুর্গাপুর']],
  ['Asansol', 'West Bengal', ['आसनसोल'], ['আসানসোল']],
  // State and union-territory capitals not named above
  ['Amaravati', 'Andhra Pradesh', ['अमरावती'], ['অমরাবতী']],
  ['Itanagar', 'Arunachal Pradesh', ['ईटानगर'], ['ইটানগর']],
  ['Dispur', 'Assam', ['दिसपुर'], ['দিসপুর']],
  ['Panaji', 'Goa', ['पणजी'], ['পানাজি']],
  ['Gandhinagar', 'Gujarat', ['गांधीनगर', 'गाँधीनगर'], ['গান্ধীনগর']],
  ['Shimla', 'Himachal Pradesh', ['शिमला'], ['শিমলা']],
  ['Thiruvananthapuram', 'Kerala', ['तिरुवनंतपुरम', 'त्रिवेंद्रम'], ['তিরুবনন্তপুরম']],
  ['Imphal', 'Manipur', ['इंफाल', 'इम्फाल'], ['ইম্ফল']],
  ['Shillong', 'Meghalaya', ['शिलांग'], ['শিলং']],
  ['Aizawl', 'Mizoram', ['आइज़ोल', 'आइजोल'], ['আইজল']],
  ['Kohima', 'Nagaland', ['कोहिमा'], ['কোহিমা']],
  ['Gangtok', 'Sikkim', ['गंगटोक'], ['গ্যাংটক']],
  ['Agartala', 'Tripura', ['अगरतला'], ['আগরতলা']],
  ['Dehradun', 'Uttarakhand', ['देहरादून'], ['দেরাদুন']],
  ['Port Blair', 'Andaman & Nicobar Islands', ['पोर्ट ब्लेयर', 'श्री विजयपुरम'], ['পোর্ট ব্লেয়ার']],
  ['Daman', 'Dadra and Nagar Haveli and Daman and Diu', ['दमन'], ['দমন']],
  ['Kavaratti', 'Lakshadweep', ['कवरत्ती'], ['কাভারত্তি']],
  ['Pondicherry', 'Puducherry', ['पुडुचेरी', 'पांडिचेरी'], ['পুদুচেরি', 'পন্ডিচেরি']],
  ['Jammu', 'Jammu & Kashmir', ['जम्मू'], ['জম্মু']],
  ['Leh', 'Ladakh', ['लेह'], ['লেহ']],
];

/** Text in Devanagari or Bengali script (the two AlmQuest speaks besides English). */
export const INDIC = /[\u0900-\u097F\u0980-\u09FF]/u;

/** A place to search for: the name to search (as the data begins it) and its state. */
export type NativePlace = { name: string; state: string };

type Known = { place: NativePlace; dataName: string; hindi: string[]; bengali: string[] };

/** The lines of a table in native-names.data.ts. */
function readTable(table: string): Known[] {
  return table
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const columns = line.split(' | ').map((column) => column.trim());
      if (columns.length !== 4 || columns.some((column) => !column)) {
        throw new Error(`native-names.data.ts: not "name | state | Hindi | Bengali": ${line}`);
      }
      const [dataName, state, hindi, bengali] = columns as [string, string, string, string];
      // "Bilaspur(CGH)" is the data's district; its places are called Bilaspur.
      const bracket = dataName.indexOf('(');
      return {
        place: { name: bracket < 0 ? dataName : dataName.slice(0, bracket).trimEnd(), state },
        dataName,
        hindi: hindi.split(', '),
        bengali: bengali.split(', '),
      };
    });
}

/**
 * Every place known by its native names, largest first: cities, then towns, then districts, then
 * the cities' areas.
 */
const KNOWN: Known[] = [
  ...NAMES.map(([name, state, hindi, bengali]) => ({
    place: { name, state },
    dataName: name,
    hindi,
    bengali,
  })),
  ...readTable(TOWNS),
  ...readTable(DISTRICTS),
  ...readTable(AREAS),
];

/** Native spellings, normalised, each with its place, in the order above (largest first). */
const SPELLINGS: [spelling: string, place: NativePlace][] = KNOWN.flatMap(
  ({ place, hindi, bengali }) =>
    [...hindi, ...bengali].map((s): [string, NativePlace] => [normalise(s), place]),
);

/**
 * Names people type for a place the data calls otherwise, beyond what the search key's aliases
 * fold ("Delhi" is the city, New Delhi in the data, not the village of that name in Madhya
 * Pradesh).
 */
const LATIN_NAMES: [typed: string, place: NativePlace][] = [
  ['Delhi', { name: 'New Delhi', state: 'Delhi' }],
  ['Navi Mumbai', { name: 'Vashi-VII', state: 'Maharashtra' }],
  ['Kanpur', { name: 'Kanpur Nagar', state: 'Uttar Pradesh' }],
];

/** Each known place under its Latin search key; the largest of those sharing a name. */
const BY_LATIN_KEY = new Map<string, NativePlace>(
  LATIN_NAMES.map(([typed, place]) => [toSearchKey(typed), place]),
);
for (const { place } of KNOWN) {
  const key = toSearchKey(place.name);
  if (!BY_LATIN_KEY.has(key)) BY_LATIN_KEY.set(key, place);
}

function normalise(text: string): string {
  // NFC, one kind of space, and no nukta/ZWJ differences people do not see.
  return text
    .normalize('NFC')
    .replace(/[\u200C\u200D]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The place to search for a query typed in Devanagari or Bengali: the one whose native spelling
 * is the query, else the largest whose spelling starts with it (so "कोल" already finds Kolkata
 * while it is being typed). Null when the query is not in those scripts or names no place we
 * know.
 */
export function nativePlaceFor(query: string): NativePlace | null {
  const typed = normalise(query);
  if (!INDIC.test(typed) || typed.length < 2) return null;
  const exact = SPELLINGS.find(([spelling]) => spelling === typed);
  if (exact) return exact[1];
  const prefix = SPELLINGS.find(([spelling]) => spelling.startsWith(typed));
  return prefix ? prefix[1] : null;
}

/**
 * The known city, town or district a whole name in Latin letters names ("Siliguri" is a city in
 * West Bengal before it is a village in Assam), or null. Only a whole name: while a name is being
 * typed its first letters say nothing about which place is meant.
 */
export function knownPlaceNamed(query: string): NativePlace | null {
  const key = toSearchKey(query);
  return key.length >= 3 ? (BY_LATIN_KEY.get(key) ?? null) : null;
}

/** The Latin name to search for a query in Devanagari or Bengali (see nativePlaceFor). */
export function latinNameFor(query: string): string | null {
  return nativePlaceFor(query)?.name ?? null;
}

const NATIVE_BY_PLACE = new Map<string, { hi: string; bn: string }>();
for (const { place, dataName, hindi, bengali } of KNOWN) {
  const key = `${dataName}|${place.state}`;
  if (!NATIVE_BY_PLACE.has(key)) NATIVE_BY_PLACE.set(key, { hi: hindi[0]!, bn: bengali[0]! });
}

/** A place's name in Hindi and Bengali script (the first spelling of each), where known. */
export function nativeNamesOf(name: string, state: string | null) {
  return NATIVE_BY_PLACE.get(`${name}|${state ?? ''}`);
}

/** Every place here with its spellings (for the test that each finds the right place). */
export const NATIVE_NAMES: readonly { place: NativePlace; spellings: string[] }[] = KNOWN.map(
  ({ place, hindi, bengali }) => ({ place, spellings: [...hindi, ...bengali] }),
);
