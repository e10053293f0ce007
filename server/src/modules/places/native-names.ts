/**
 * India's state and union-territory capitals and its fifty largest cities, as people write them
 * in Devanagari and in Bengali script, with the name the place data uses (issue #16). The place
 * data (GeoNames postal localities) is in Latin letters only; a search typed in either script is
 * looked up here first and then searched under the Latin name.
 *
 * [Latin name as searched, Hindi (Devanagari), Bengali; further spellings after the first]
 */
const NAMES: [latin: string, hindi: string[], bengali: string[]][] = [
  // Fifty largest cities, roughly by population
  ['Mumbai', ['मुंबई', 'मुम्बई', 'बंबई'], ['মুম্বাই', 'মুম্বই', 'বোম্বাই']],
  ['Delhi', ['दिल्ली', 'नई दिल्ली'], ['দিল্লি', 'দিল্লী', 'নয়াদিল্লি', 'নতুন দিল্লি']],
  ['Bengaluru', ['बेंगलुरु', 'बेंगलूरु', 'बंगलौर', 'बैंगलोर'], ['বেঙ্গালুরু', 'ব্যাঙ্গালোর']],
  ['Hyderabad', ['हैदराबाद'], ['হায়দরাবাদ', 'হায়দ্রাবাদ']],
  ['Ahmedabad', ['अहमदाबाद'], ['আহমেদাবাদ', 'আমদাবাদ']],
  ['Chennai', ['चेन्नई', 'मद्रास'], ['চেন্নাই', 'মাদ্রাজ']],
  ['Kolkata', ['कोलकाता', 'कलकत्ता'], ['কলকাতা', 'কোলকাতা']],
  ['Surat', ['सूरत'], ['সুরাট']],
  ['Pune', ['पुणे', 'पूना'], ['পুনে']],
  ['Jaipur', ['जयपुर'], ['জয়পুর']],
  ['Lucknow', ['लखनऊ'], ['লখনউ', 'লখনৌ']],
  ['Kanpur', ['कानपुर'], ['কানপুর']],
  ['Nagpur', ['नागपुर'], ['নাগপুর']],
  ['Indore', ['इंदौर', 'इन्दौर'], ['ইন্দোর']],
  ['Thane', ['ठाणे'], ['থানে']],
  ['Bhopal', ['भोपाल'], ['ভোপাল']],
  ['Visakhapatnam', ['विशाखापत्तनम', 'विशाखापट्टनम'], ['বিশাখাপত্তনম']],
  ['Pimpri', ['पिंपरी', 'पिंपरी-चिंचवड़'], ['পিম্পরি', 'পিম্পরি-চিঞ্চওয়াড়']],
  ['Patna', ['पटना'], ['পাটনা']],
  ['Vadodara', ['वडोदरा', 'बड़ौदा'], ['ভাদোদরা', 'বরোদা']],
  ['Ghaziabad', ['गाज़ियाबाद', 'गाजियाबाद'], ['গাজিয়াবাদ']],
  ['Ludhiana', ['लुधियाना'], ['লুধিয়ানা']],
  ['Agra', ['आगरा'], ['আগ্রা']],
  ['Nashik', ['नासिक', 'नाशिक'], ['নাসিক']],
  ['Faridabad', ['फ़रीदाबाद', 'फरीदाबाद'], ['ফরিদাবাদ']],
  ['Meerut', ['मेरठ'], ['মিরাট']],
  ['Rajkot', ['राजकोट'], ['রাজকোট']],
  ['Kalyan', ['कल्याण', 'कल्याण-डोंबिवली'], ['কল্যাণ']],
  ['Vasai', ['वसई', 'वसई-विरार'], ['বসই', 'ভাসাই']],
  ['Varanasi', ['वाराणसी', 'बनारस', 'काशी'], ['বারাণসী', 'বেনারস', 'কাশী']],
  ['Srinagar', ['श्रीनगर'], ['শ্রীনগর']],
  ['Aurangabad', ['औरंगाबाद', 'छत्रपति संभाजीनगर'], ['ঔরঙ্গাবাদ']],
  ['Dhanbad', ['धनबाद'], ['ধানবাদ']],
  ['Amritsar', ['अमृतसर'], ['অমৃতসর']],
  // Navi Mumbai's post offices carry their nodes' names; Vashi is its centre.
  ['Vashi', ['नवी मुंबई', 'वाशी'], ['নবি মুম্বাই', 'ভাশি']],
  ['Prayagraj', ['प्रयागराज', 'इलाहाबाद'], ['প্রয়াগরাজ', 'এলাহাবাদ']],
  ['Howrah', ['हावड़ा'], ['হাওড়া']],
  ['Ranchi', ['रांची', 'राँची'], ['রাঁচি', 'রাঁচী']],
  ['Gwalior', ['ग्वालियर'], ['গোয়ালিয়র']],
  ['Jabalpur', ['जबलपुर'], ['জবলপুর']],
  ['Coimbatore', ['कोयंबटूर', 'कोयम्बटूर'], ['কোয়েম্বাটুর']],
  ['Vijayawada', ['विजयवाड़ा'], ['বিজয়ওয়াড়া']],
  ['Jodhpur', ['जोधपुर'], ['যোধপুর']],
  ['Madurai', ['मदुरै'], ['মাদুরাই']],
  ['Raipur', ['रायपुर'], ['রায়পুর']],
  ['Kota', ['कोटा'], ['কোটা']],
  ['Guwahati', ['गुवाहाटी'], ['গুয়াহাটি', 'গৌহাটি']],
  ['Chandigarh', ['चंडीगढ़', 'चण्डीगढ़'], ['চণ্ডীগড়', 'চন্ডীগড়']],
  ['Solapur', ['सोलापुर'], ['সোলাপুর']],
  ['Hubli', ['हुबली', 'हुबली-धारवाड़'], ['হুবলি']],
  ['Bareilly', ['बरेली'], ['বেরিলি', 'বরেলি']],
  ['Moradabad', ['मुरादाबाद'], ['মোরাদাবাদ']],
  ['Mysuru', ['मैसूर', 'मैसूरु'], ['মহীশূর', 'মাইসুরু']],
  ['Gurgaon', ['गुड़गांव', 'गुरुग्राम'], ['গুরগাঁও', 'গুরুগ্রাম']],
  ['Aligarh', ['अलीगढ़'], ['আলিগড়']],
  ['Jalandhar', ['जालंधर'], ['জলন্ধর']],
  ['Tiruchirappalli', ['तिरुचिरापल्ली', 'त्रिची'], ['তিরুচিরাপল্লি']],
  ['Bhubaneswar', ['भुवनेश्वर'], ['ভুবনেশ্বর']],
  ['Salem', ['सेलम'], ['সালেম']],
  ['Warangal', ['वारंगल'], ['ওয়ারাঙ্গল']],
  ['Siliguri', ['सिलीगुड़ी'], ['শিলিগুড়ি']],
  ['Durgapur', ['दुर्गापुर'], ['দুর্গাপুর']],
  ['Asansol', ['आसनसोल'], ['আসানসোল']],
  // State and union-territory capitals not named above
  ['Amaravati', ['अमरावती'], ['অমরাবতী']],
  ['Itanagar', ['ईटानगर'], ['ইটানগর']],
  ['Dispur', ['दिसपुर'], ['দিসপুর']],
  ['Panaji', ['पणजी'], ['পানাজি']],
  ['Gandhinagar', ['गांधीनगर', 'गाँधीनगर'], ['গান্ধীনগর']],
  ['Shimla', ['शिमला'], ['শিমলা']],
  ['Thiruvananthapuram', ['तिरुवनंतपुरम', 'त्रिवेंद्रम'], ['তিরুবনন্তপুরম']],
  ['Imphal', ['इंफाल', 'इम्फाल'], ['ইম্ফল']],
  ['Shillong', ['शिलांग'], ['শিলং']],
  ['Aizawl', ['आइज़ोल', 'आइजोल'], ['আইজল']],
  ['Kohima', ['कोहिमा'], ['কোহিমা']],
  ['Gangtok', ['गंगटोक'], ['গ্যাংটক']],
  ['Agartala', ['अगरतला'], ['আগরতলা']],
  ['Dehradun', ['देहरादून'], ['দেরাদুন']],
  ['Port Blair', ['पोर्ट ब्लेयर', 'श्री विजयपुरम'], ['পোর্ট ব্লেয়ার']],
  ['Daman', ['दमन'], ['দমন']],
  ['Kavaratti', ['कवरत्ती'], ['কাভারত্তি']],
  ['Puducherry', ['पुडुचेरी', 'पांडिचेरी'], ['পুদুচেরি', 'পন্ডিচেরি']],
  ['Jammu', ['जम्मू'], ['জম্মু']],
  ['Leh', ['लेह'], ['লেহ']],
];

/** Text in Devanagari or Bengali script (the two AlmQuest speaks besides English). */
const INDIC = /[\u0900-\u097F\u0980-\u09FF]/u;

/** Native spellings, normalised, each with its Latin name, in the order above (largest first). */
const SPELLINGS: [spelling: string, latin: string][] = NAMES.flatMap(([latin, hindi, bengali]) =>
  [...hindi, ...bengali].map((s): [string, string] => [normalise(s), latin]),
);

function normalise(text: string): string {
  // NFC, one kind of space, and no nukta/ZWJ differences people do not see.
  return text
    .normalize('NFC')
    .replace(/[\u200C\u200D]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The Latin name to search for a query typed in Devanagari or Bengali: the place whose native
 * spelling is the query, else the largest whose spelling starts with it (so "कोल" already finds
 * Kolkata while it is being typed). Null when the query is not in those scripts or names no
 * place we know.
 */
export function latinNameFor(query: string): string | null {
  const typed = normalise(query);
  if (!INDIC.test(typed) || typed.length < 2) return null;
  const exact = SPELLINGS.find(([spelling]) => spelling === typed);
  if (exact) return exact[1];
  const prefix = SPELLINGS.find(([spelling]) => spelling.startsWith(typed));
  return prefix ? prefix[1] : null;
}

/** Every Latin name here (for the test that each is found in the place data). */
export const NATIVE_NAME_TARGETS: readonly string[] = NAMES.map(([latin]) => latin);
