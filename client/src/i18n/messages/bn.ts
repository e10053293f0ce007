import type { AppCatalog, SiteCatalog } from './en';

/**
 * Bengali: plain, everyday Bengali as people write it (see ../glossary.md for the key terms).
 * The first page's part; the rest is bn-app.ts, loaded with the pages that need it
 * (catalog-parts.ts).
 */
export const bn: SiteCatalog = {
  'common.loading': 'লোড হচ্ছে…',
  'common.busy': 'লোড হচ্ছে',
  'common.loadingPage': 'পাতা লোড হচ্ছে',
  'common.pleaseTryAgain': 'অনুগ্রহ করে আবার চেষ্টা করুন।',
  'common.skipToContent': 'সরাসরি মূল অংশে যান',
  'common.dismissAlert': 'এই লেখাটি বন্ধ করুন',
  'language.label': 'ভাষা',

  'nav.main': 'প্রধান',
  'nav.about': 'আমাদের কথা',
  'nav.features': 'সুবিধাগুলি',
  'nav.impact': 'প্রভাব',
  'nav.testimonials': 'মানুষের মতামত',
  'nav.team': 'দল',
  'nav.contact': 'যোগাযোগ',
  'nav.openMenu': 'মেনু খুলুন',
  'nav.closeMenu': 'মেনু বন্ধ করুন',
  'nav.signIn': 'সাইন ইন',
  'theme.label': 'ডার্ক থিম',
  'theme.toLight': 'লাইট থিমে যান',
  'theme.toDark': 'ডার্ক থিমে যান',
  'footer.rights': '© {year} {brand}. সর্বস্বত্ব সংরক্ষিত।',
  'footer.privacy': 'গোপনীয়তা',
  'footer.social': 'সোশ্যাল মিডিয়া লিংক',

  'role.donor': 'দাতা',
  'role.distributor': 'বিতরণকারী',
  'site.title': 'AlmQuest: বেঁচে যাওয়া খাবার দরকারি মানুষের কাছে',
  'site.hero.title': 'ভালো খাবারের জায়গা মানুষের পাতে, ডাস্টবিনে নয়।',
  'site.hero.text':
    'AlmQuest বেঁচে যাওয়া খাবারের দাতাদের কাছাকাছি সবচেয়ে উপযুক্ত বিতরণকারীর সঙ্গে মিলিয়ে দেয়, আর দুজনকেই দেখা করার জায়গার পথ দেখায়।',
  'site.hero.cta': 'আমাদের উদ্যোগে যোগ দিন',
  'site.hero.art': 'এক বাটি খাবার কারও হাতে তুলে দেওয়া হচ্ছে',
  'site.about.title': 'আমাদের কথা',
  'site.about.text':
    'রেস্তোরাঁ, ফুড চেন, অনুষ্ঠানের আয়োজক আর পরিবারের কাছে প্রায়ই খাবার বেঁচে যায়। মানুষ, সমাজসেবী দল আর এনজিও জানে কাদের তা দরকার। AlmQuest কয়েক মিনিটে দুই পক্ষকে মিলিয়ে দেয়: দাতা একটি প্যাকেট দেন, আমরা কাছাকাছি, হাতে জায়গা আছে এমন সবচেয়ে উপযুক্ত সক্রিয় বিতরণকারী খুঁজে দিই, আর দুজনেই পান ফোন নম্বর, দেখা করার জায়গা আর পথ। বিতরণ হওয়া পর্যন্ত দাতা প্রতিটি প্যাকেটের খবর রাখতে পারেন।',
  'site.about.more': 'আরও জানুন',
  'site.about.donorTitle': 'এখনই দাতা হিসেবে যোগ দিন!',
  'site.about.donorText': 'খাবার বেঁচে গেছে? কয়েক সেকেন্ডে জানান, আমরা নেওয়ার লোক খুঁজে দেব।',
  'site.about.distributorTitle': 'এখনই বিতরণকারী হিসেবে যোগ দিন!',
  'site.about.distributorText': 'কাছাকাছি থেকে খাবার নিন আর যাঁদের দরকার তাঁদের হাতে তুলে দিন।',
  'site.features.title': 'সুবিধাগুলি',
  'site.features.phone.title': 'যেখানে খুশি দান করুন',
  'site.features.phone.text':
    'যেখানেই থাকুন, ফোন থেকে খাবারের প্যাকেট দিন; আপনার ঠিকানা আপনা-আপনি বসে যায়।',
  'site.features.exchange.title': 'সহজ হাতবদল',
  'site.features.exchange.text':
    'আমরা আপনাকে কাছাকাছি এমন এক সক্রিয় বিতরণকারীর সঙ্গে মিলিয়ে দিই, যাঁর হাতে জায়গা আছে, আর দুজনের পক্ষেই সুবিধার দেখা করার জায়গা বেছে নিই।',
  'site.features.route.title': 'দেখুন আপনার প্যাকেট কোথায় গেল',
  'site.features.route.text':
    'জুটি হওয়া, গ্রহণ আর শেষে বিতরণ পর্যন্ত, আপনার প্যাকেটের খবর সঙ্গে সঙ্গে দেখুন।',
  'site.features.partners': 'আমাদের সহযোগী',
  'site.testimonials.title': 'মানুষের মতামত',
  'site.team.title': 'দল',
  'site.impact.title': 'আমরা একসঙ্গে যা করেছি',
  'site.impact.meals': '{count, plural, other {খাবার দান হয়েছে}}',
  'site.impact.packages': '{count, plural, other {প্যাকেট বিতরণ হয়েছে}}',
  'site.impact.distributors': '{count, plural, other {বিতরণকারী খাবার নিতে তৈরি}}',
  'site.impact.failed': 'এই মুহূর্তে হিসাব লোড করা গেল না।',
  'site.persona.title': 'কে কী করেন',
  'site.persona.onThisPage': 'এই পাতায়',
  'site.persona.donor.title': 'দাতা',
  'site.persona.donor.text':
    'যাঁর কাছে খাবার বেঁচে গেছে তিনিই দাতা হতে পারেন: কোনো ব্যক্তি, প্রতিষ্ঠান, ফুড চেন, রেস্তোরাঁ বা অনুষ্ঠানের আয়োজক। দাতা খাবারের একটি প্যাকেট দেন, সঙ্গে জানান নিজের জায়গা আর কত দূর যেতে পারবেন। AlmQuest একজন বিতরণকারীর সঙ্গে জুটি বেঁধে দেয় আর দেখা করার জায়গা, পথ ও ফোন নম্বর দুজনকেই জানায়। তারপর বিতরণ হওয়া পর্যন্ত দাতা প্যাকেটের খবর রাখতে পারেন।',
  'site.persona.distributor.title': 'বিতরণকারী',
  'site.persona.distributor.text':
    'বিতরণকারী হলেন কোনো ব্যক্তি, সমাজসেবী দল বা এনজিও, যাঁরা খাবার নিয়ে যাঁদের দরকার তাঁদের হাতে পৌঁছে দেন। বিতরণকারী জানান কত দূর যেতে পারবেন আর কতগুলি খাবার নিতে পারবেন, এবং নিজেকে সক্রিয় বা নিষ্ক্রিয় করতে পারেন। শুধু যেসব সক্রিয় বিতরণকারীর জায়গা আছে, তাঁদেরই দাতাদের সঙ্গে জুটি বাঁধা হয়। প্রতিটি প্যাকেটে তাঁরা প্রথমে “খাবার পেয়েছি” আর পরে “বিতরণ করেছি” চিহ্নিত করেন।',
  'site.persona.meal.title': 'খাবার',
  'site.persona.meal.text':
    'একটি খাবার মানে একজন মানুষের মোটামুটি আধবেলার খাবার। কোনো বাঁধাধরা মাপ নেই: এক থালা ডাল-ভাত, তরকারির সঙ্গে কয়েকটা রুটি, বা একটা প্যাক করা লাঞ্চ, সবই গোনা হয়। দান করার সময় যতটা পারেন ঠিকঠাক গুনে নিন।',
  'site.persona.join': 'AlmQuest-এ যোগ দিন',
  'notFound.title': 'পাতাটি পাওয়া যায়নি',
  'notFound.text': 'পাতাটি খুঁজে পাওয়া গেল না। হয়তো সরে গেছে, বা লিংকটি ভুল লেখা।',
  'notFound.home': 'হোম পাতায় ফিরুন',
  'pageError.offlineTitle': 'এই পাতাটি এই ডিভাইসে রাখা নেই',
  'pageError.offlineText':
    'আপনি অফলাইনে আছেন, আর এই পাতাটি আগে কখনও ইন্টারনেট থাকা অবস্থায় এই ডিভাইসে খোলা হয়নি। ইন্টারনেটে যুক্ত হয়ে আবার চেষ্টা করুন।',
  'pageError.title': 'এই পাতাটি দেখানো গেল না',
  'pageError.text': 'খোলার সময় কিছু একটা গোলমাল হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
  'pageError.retry': 'আবার চেষ্টা করুন',

  'site.impact.more': 'আমাদের প্রভাব দেখুন',
  // Access guards (SPEC section 2)
  'guard.notRecognised.title': 'আরে! আমরা আপনাকে চিনতে পারছি না',
  'guard.notRecognised.msg': 'AlmQuest-এ যোগ দিতে অনুগ্রহ করে সাইন ইন করুন!',
  'guard.trespassing.title': 'আরে! এখানে আপনার ঢোকার অনুমতি নেই!',
  'guard.trespassing.msg': 'এই প্যাকেটটি দেখার অনুমতি আপনার নেই।',
  'guard.noProfile.title': 'আপনার প্রোফাইল খুঁজে পাওয়া যায়নি!',
  'guard.noProfile.msg': 'প্রোফাইল তৈরি করতে এখনই আমাদের সঙ্গে রেজিস্টার করুন।',
  'guard.alreadyMember.title': 'আপনি আগেই পরিবারের সদস্য',
  'guard.alreadyMember.msg': 'আপনি আগেই {userType} হিসেবে রেজিস্টার করেছেন',
  'role.member': 'সদস্য',
  'roleLower.donor': 'দাতা',
  'roleLower.distributor': 'বিতরণকারী',
  'guard.notCoordinator.title': 'শুধু সমন্বয়কারীদের জন্য',
  'guard.notCoordinator.msg': 'এই কনসোল AlmQuest-এর সমন্বয়কারীদের জন্য।',
};

/** The rest of Bengali, for catalog-parts.ts to load when a page needs it. */
export const loadApp = (): Promise<AppCatalog> => import('./bn-app').then((m) => m.bnApp);
