import type { SiteContent } from '@almquest/contracts/site';

type TeamMember = SiteContent['team'][number];

/**
 * What `npm run seed` shows on the landing page, so a demo has every section SPEC.md lists. Each
 * organisation and person says "(example)": they stand in for the operator's own, who replace
 * them with `npm run site-content -- their-file.json`.
 */
/** A team member who stands in for the operator's own, reachable at an example address. */
const exampleMember = (
  name: string,
  role: TeamMember['role'],
  roleTitle: string,
  mailbox: string,
  titles: { hi: string; bn: string },
): TeamMember => ({
  name: `${name} (example)`,
  role,
  roleTitle,
  links: [
    {
      label: 'E-mail',
      href: `mailto:${mailbox}@example.org`,
      translations: { hi: { label: 'ईमेल' }, bn: { label: 'ইমেল' } },
    },
  ],
  translations: {
    hi: { name: `${name} (उदाहरण)`, roleTitle: titles.hi },
    bn: { name: `${name} (উদাহরণ)`, roleTitle: titles.bn },
  },
});

/** A partner that stands in for the operator's own, named in each language. */
const examplePartner = (en: string, hi: string, bn: string) => ({
  name: `${en} (example)`,
  translations: { hi: { name: `${hi} (उदाहरण)` }, bn: { name: `${bn} (উদাহরণ)` } },
});

export const demoSiteContent: SiteContent = {
  testimonials: [
    {
      quote:
        'Wedding caterers used to call us at midnight with food for two hundred. Now the package is on our phones with a meet point before the tables are cleared.',
      author: 'Farida Sheikh',
      organisation: 'Roti Ghar Community Kitchen (example)',
      translations: {
        hi: {
          quote:
            'शादियों के कैटरर आधी रात को दो सौ लोगों का बचा खाना लेकर फ़ोन करते थे। अब मेज़ें साफ़ होने से पहले ही पैकेट और मिलने की जगह हमारे फ़ोन पर आ जाती है।',
          organisation: 'रोटी घर सामुदायिक रसोई (उदाहरण)',
        },
        bn: {
          quote:
            'বিয়ের কেটারাররা মাঝরাতে দুশো জনের খাবার নিয়ে আমাদের ফোন করতেন। এখন টেবিল পরিষ্কার হওয়ার আগেই দেখা করার জায়গাসহ প্যাকেটটি আমাদের ফোনে চলে আসে।',
          organisation: 'রুটি ঘর কমিউনিটি কিচেন (উদাহরণ)',
        },
      },
    },
    {
      quote:
        'Our volunteers see only what is near them and only what they have room for, so nobody drives across the city for ten meals.',
      author: 'Arjun Menon',
      organisation: 'Bengaluru Food Circle (example)',
      translations: {
        hi: {
          quote:
            'हमारे स्वयंसेवकों को सिर्फ़ वही दिखता है जो उनके पास है और जितने की उनके पास जगह है, इसलिए दस भोजन के लिए किसी को पूरा शहर पार नहीं करना पड़ता।',
          organisation: 'बेंगलुरु फ़ूड सर्कल (उदाहरण)',
        },
        bn: {
          quote:
            'আমাদের স্বেচ্ছাসেবকেরা শুধু কাছের খাবার দেখেন, আর ততটাই, যতটা তাঁরা নিতে পারবেন; তাই দশজনের খাবারের জন্য কাউকে পুরো শহর পেরোতে হয় না।',
          organisation: 'বেঙ্গালুরু ফুড সার্কল (উদাহরণ)',
        },
      },
    },
    {
      quote:
        'We run four restaurants. Listing the evening surplus takes a minute, and we see when it has been handed out.',
      author: 'Sunita Agarwal',
      organisation: 'Annapurna Restaurants (example)',
      translations: {
        hi: {
          quote:
            'हमारे चार रेस्तराँ हैं। शाम का बचा खाना दर्ज करने में एक मिनट लगता है, और बँट जाने पर हमें पता चल जाता है।',
          organisation: 'अन्नपूर्णा रेस्तराँ (उदाहरण)',
        },
        bn: {
          quote:
            'আমাদের চারটি রেস্তোরাঁ। সন্ধ্যার বেঁচে যাওয়া খাবার জানাতে এক মিনিট লাগে, আর কখন বিতরণ হলো তা-ও আমরা দেখতে পাই।',
          organisation: 'অন্নপূর্ণা রেস্তোরাঁ (উদাহরণ)',
        },
      },
    },
  ],
  team: [
    exampleMember('Kavya Rao', 'Backend', 'Backend engineer', 'kavya', {
      hi: 'बैकएंड इंजीनियर',
      bn: 'ব্যাকএন্ড ইঞ্জিনিয়ার',
    }),
    exampleMember('Rohan Das', 'Frontend', 'Frontend engineer', 'rohan', {
      hi: 'फ़्रंटएंड इंजीनियर',
      bn: 'ফ্রন্টএন্ড ইঞ্জিনিয়ার',
    }),
    exampleMember('Imran Qureshi', 'AI/ML', 'Matching and AI/ML', 'imran', {
      hi: 'जोड़ी बनाना और AI/ML',
      bn: 'জুটি বাঁধা আর AI/ML',
    }),
    exampleMember('Meenakshi Iyer', 'Content', 'Content and outreach', 'meenakshi', {
      hi: 'लेखन और लोगों तक पहुँच',
      bn: 'লেখা আর প্রচার',
    }),
  ],
  partners: [
    examplePartner('City Food Bank', 'सिटी फ़ूड बैंक', 'সিটি ফুড ব্যাংক'),
    examplePartner('Neighbourhood Kitchens', 'मोहल्ला रसोई', 'পাড়ার রান্নাঘর'),
    examplePartner('Restaurant Association', 'रेस्तराँ संघ', 'রেস্তোরাঁ সমিতি'),
  ],
  social: [
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'X', href: 'https://x.com/' },
    { label: 'YouTube', href: 'https://www.youtube.com/' },
  ],
};
