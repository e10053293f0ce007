import type { Catalog } from './en';

/** Hindi: plain, everyday Hindi as people write it (see ../glossary.md for the key terms). */
export const hi: Catalog = {
  'language.label': 'भाषा',
  'nav.about': 'हमारे बारे में',
  'nav.features': 'सुविधाएँ',
  'nav.impact': 'असर',
  'nav.testimonials': 'लोगों की राय',
  'nav.team': 'टीम',
  'nav.contact': 'संपर्क करें',
  'nav.openMenu': 'मेन्यू खोलें',
  'nav.closeMenu': 'मेन्यू बंद करें',
  'nav.signIn': 'साइन इन करें',
  'impact.meals': '{count, plural, one {# भोजन दान हुआ} other {# भोजन दान हुए}}',
  'impact.distributed': '{count, plural, one {# पैकेट बाँटा गया} other {# पैकेट बाँटे गए}}',
  'impact.distributors': '{count, plural, one {# सक्रिय वितरक} other {# सक्रिय वितरक}}',
};
