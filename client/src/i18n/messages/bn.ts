import type { Catalog } from './en';

/** Bengali: plain, everyday Bengali as people write it (see ../glossary.md for the key terms). */
export const bn: Catalog = {
  'language.label': 'ভাষা',
  'nav.about': 'আমাদের কথা',
  'nav.features': 'সুবিধা',
  'nav.impact': 'প্রভাব',
  'nav.testimonials': 'মানুষের কথা',
  'nav.team': 'দল',
  'nav.contact': 'যোগাযোগ করুন',
  'nav.openMenu': 'মেনু খুলুন',
  'nav.closeMenu': 'মেনু বন্ধ করুন',
  'nav.signIn': 'সাইন ইন করুন',
  'impact.meals': '{count, plural, one {# খাবার দান হয়েছে} other {# খাবার দান হয়েছে}}',
  'impact.distributed': '{count, plural, one {# প্যাকেট বিতরণ হয়েছে} other {# প্যাকেট বিতরণ হয়েছে}}',
  'impact.distributors': '{count, plural, one {# সক্রিয় বিতরণকারী} other {# সক্রিয় বিতরণকারী}}',
};
