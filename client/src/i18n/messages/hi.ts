import type { AppCatalog, SiteCatalog } from './en';

/**
 * Hindi: plain, everyday Hindi as people write it (see ../glossary.md for the key terms).
 * The first page's part; the rest is hi-app.ts, loaded with the pages that need it
 * (catalog-parts.ts).
 */
export const hi: SiteCatalog = {
  'common.loading': 'लोड हो रहा है…',
  'common.busy': 'लोड हो रहा है',
  'common.loadingPage': 'पेज लोड हो रहा है',
  'common.pleaseTryAgain': 'कृपया फिर से कोशिश करें।',
  'common.skipToContent': 'सीधे मुख्य सामग्री पर जाएँ',
  'common.dismissAlert': 'संदेश बंद करें',
  'language.label': 'भाषा',

  'nav.main': 'मुख्य',
  'nav.about': 'हमारे बारे में',
  'nav.features': 'सुविधाएँ',
  'nav.impact': 'असर',
  'nav.testimonials': 'लोगों की राय',
  'nav.team': 'टीम',
  'nav.contact': 'संपर्क करें',
  'nav.openMenu': 'मेन्यू खोलें',
  'nav.closeMenu': 'मेन्यू बंद करें',
  'nav.signIn': 'साइन इन',
  'theme.label': 'डार्क थीम',
  'theme.toLight': 'लाइट थीम पर जाएँ',
  'theme.toDark': 'डार्क थीम पर जाएँ',
  'footer.rights': '© {year} {brand}. सर्वाधिकार सुरक्षित।',
  'footer.privacy': 'निजता',
  'footer.social': 'सोशल मीडिया लिंक',

  'role.donor': 'दाता',
  'role.distributor': 'वितरक',
  'site.title': 'AlmQuest: बचा हुआ खाना ज़रूरतमंदों तक',
  'site.hero.title': 'अच्छा खाना लोगों के लिए है, कूड़ेदान के लिए\u00a0नहीं।',
  'site.hero.text':
    'AlmQuest बचे हुए खाने के दाताओं को पास के सबसे सही वितरक से जोड़ता है, और दोनों को मिलने की जगह तक का रास्ता बताता है।',
  'site.hero.cta': 'हमारी मुहिम से जुड़ें',
  'site.hero.art': 'खाने का कटोरा किसी को दिया जा रहा है',
  'site.about.title': 'हमारे बारे में',
  'site.about.text':
    'रेस्टोरेंट, फ़ूड चेन, आयोजकों और परिवारों के पास अक्सर खाना बच जाता है। लोग, समाज सेवी समूह और एनजीओ जानते हैं कि किसे इसकी ज़रूरत है। AlmQuest दोनों को कुछ ही मिनटों में जोड़ता है: दाता एक पैकेट दर्ज करता है, हम पास का सबसे सही सक्रिय वितरक ढूँढते हैं जिसके पास जगह हो, और दोनों को एक-दूसरे का नंबर, मिलने की जगह और रास्ता मिल जाता है। दाता बँटने तक हर पैकेट पर नज़र रख सकते हैं।',
  'site.about.more': 'और जानें',
  'site.about.donorTitle': 'अभी दाता के रूप में जुड़ें!',
  'site.about.donorText': 'आपके पास खाना बचा है? कुछ ही पलों में दर्ज करें, हम उसे लेने वाला ढूँढ देंगे।',
  'site.about.distributorTitle': 'अभी वितरक के रूप में जुड़ें!',
  'site.about.distributorText': 'अपने पास से खाना लें और ज़रूरतमंद लोगों तक पहुँचाएँ।',
  'site.features.title': 'सुविधाएँ',
  'site.features.phone.title': 'कहीं से भी दान करें',
  'site.features.phone.text': 'जहाँ भी हों, अपने फ़ोन से भोजन का पैकेट दर्ज करें; आपका पता अपने-आप भर जाता है।',
  'site.features.exchange.title': 'आसान लेन-देन',
  'site.features.exchange.text':
    'हम आपको सबसे पास के सक्रिय वितरक से जोड़ते हैं जिसके पास जगह हो, और ऐसी मिलने की जगह चुनते हैं जो दोनों के लिए ठीक हो।',
  'site.features.route.title': 'देखें आपका पैकेट कहाँ पहुँचा',
  'site.features.route.text': 'जोड़ी बनने, पैकेट मिलने और आख़िर में बँटने तक, अपने पैकेट को हर पल देखें।',
  'site.features.partners': 'हमारे साथी',
  'site.testimonials.title': 'लोगों की राय',
  'site.team.title': 'टीम',
  'site.impact.title': 'हमने मिलकर क्या किया',
  'site.impact.meals': '{count, plural, other {भोजन दान हुए}}',
  'site.impact.packages': '{count, plural, other {पैकेट बाँटे गए}}',
  'site.impact.distributors': '{count, plural, other {वितरक खाना लेने को तैयार}}',
  'site.impact.failed': 'अभी आँकड़े लोड नहीं हो पाए।',
  'site.persona.title': 'कौन क्या करता है',
  'site.persona.onThisPage': 'इस पेज पर',
  'site.persona.donor.title': 'दाता',
  'site.persona.donor.text':
    'दाता कोई भी हो सकता है जिसके पास खाना बचा हो: कोई व्यक्ति, संस्था, फ़ूड चेन, रेस्टोरेंट या कार्यक्रम करने वाला। दाता भोजन का एक पैकेट दर्ज करता है, अपनी जगह और यह बताता है कि वह कितनी दूर जा सकता है। AlmQuest उसकी जोड़ी एक वितरक से बनाता है और मिलने की जगह, रास्ता और फ़ोन नंबर दोनों को देता है। फिर दाता पैकेट को बँटने तक देख सकता है।',
  'site.persona.distributor.title': 'वितरक',
  'site.persona.distributor.text':
    'वितरक कोई व्यक्ति, समाज सेवी समूह या एनजीओ होता है जो खाना लेकर ज़रूरतमंद लोगों तक पहुँचाता है। वितरक बताता है कि वह कितनी दूर जा सकता है और कितने भोजन ले जा सकता है, और ख़ुद को सक्रिय या निष्क्रिय कर सकता है। सिर्फ़ सक्रिय वितरक, जिनके पास जगह हो, दाताओं से जोड़े जाते हैं। वे हर पैकेट पर पहले “मिल गया” और फिर “बाँट दिया गया” का निशान लगाते हैं।',
  'site.persona.meal.title': 'भोजन',
  'site.persona.meal.text':
    'एक भोजन यानी एक व्यक्ति के लिए लगभग आधे दिन का खाना। कोई सख़्त पैमाना नहीं है: एक थाली दाल‑चावल, सब्ज़ी के साथ कुछ रोटियाँ, या पैक किया हुआ लंच, सब गिने जाते हैं। दान करते समय, जितना ठीक से हो सके, भोजन गिन लें।',
  'site.persona.join': 'AlmQuest से जुड़ें',
  'notFound.title': 'पेज नहीं मिला',
  'notFound.text': 'हमें यह पेज नहीं मिला। हो सकता है यह कहीं और चला गया हो, या लिंक ग़लत लिखा हो।',
  'notFound.home': 'होम पेज पर वापस जाएँ',
  'pageError.offlineTitle': 'यह पेज इस डिवाइस पर सहेजा नहीं गया है',
  'pageError.offlineText':
    'आप ऑफ़लाइन हैं, और यह पेज इस डिवाइस पर पहले कभी इंटरनेट के साथ नहीं खुला। इंटरनेट से जुड़ें और फिर से कोशिश करें।',
  'pageError.title': 'यह पेज दिखाया नहीं जा सका',
  'pageError.text': 'इसे खोलते समय कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'pageError.retry': 'फिर से कोशिश करें',

  'site.impact.more': 'हमारा असर देखें',
  // Access guards (SPEC section 2)
  'guard.notRecognised.title': 'अरे! हम आपको पहचान नहीं पाए',
  'guard.notRecognised.msg': 'AlmQuest से जुड़ने के लिए कृपया साइन इन करें!',
  'guard.trespassing.title': 'अरे! यह जगह आपके लिए नहीं है!',
  'guard.trespassing.msg': 'आपको यह पैकेट देखने की अनुमति नहीं है।',
  'guard.noProfile.title': 'हमें आपकी प्रोफ़ाइल नहीं मिली!',
  'guard.noProfile.msg': 'अपनी प्रोफ़ाइल बनाने के लिए अभी हमारे साथ रजिस्टर करें।',
  'guard.alreadyMember.title': 'आप पहले से परिवार का हिस्सा हैं',
  'guard.alreadyMember.msg': 'आप पहले से {userType} के रूप में रजिस्टर हैं',
  'role.member': 'सदस्य',
  'roleLower.donor': 'दाता',
  'roleLower.distributor': 'वितरक',
  'guard.notCoordinator.title': 'केवल समन्वयकों के लिए',
  'guard.notCoordinator.msg': 'यह कंसोल AlmQuest के समन्वयकों के लिए है।',
};

/** The rest of Hindi, for catalog-parts.ts to load when a page needs it. */
export const loadApp = (): Promise<AppCatalog> => import('./hi-app').then((m) => m.hiApp);
