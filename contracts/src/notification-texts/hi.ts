import type { DeliveryTexts, NotificationTexts } from './kinds';

/** Hindi (see client/src/i18n/glossary.md for the key terms). */
export const hiNotificationTexts: NotificationTexts = {
  pairedDonor: 'बधाई हो! आपके पैकेट के लिए वितरक मिल गया है!',
  pairedDistributor: 'बधाई हो! आपकी जोड़ी एक दाता से बन गई है!',
  notPaired:
    'ओह! अभी आपके पास का कोई वितरक यह पैकेट नहीं ले सकता। क्यों, और आप क्या कर सकते हैं, यह पैकेट के पेज पर लिखा है।',
  received: 'वाह! वितरक को आपका पैकेट मिल गया है!',
  distributed: 'शानदार! आपका पैकेट लोगों में बाँट दिया गया है!',
  offered: 'आपके पास के एक दाता के पास आपके लिए खाना है। क्या आप इसे ले जाएँगे?',
  offerLapsed: 'आपने समय पर जवाब नहीं दिया, इसलिए पैकेट किसी और को दे दिया गया।',
  released: 'आपके वितरक नहीं आ पाएँगे। हम दूसरा वितरक ढूँढ रहे हैं।',
  cancelled: 'दाता ने यह पैकेट रद्द कर दिया है। आपको इसे लेने नहीं जाना है।',
  expiredDonor: 'समय पर कोई आपका पैकेट लेने नहीं आया, इसलिए इसका समय निकल गया।',
  expiredDistributor: 'यह पैकेट समय पर नहीं लिया गया और इसका समय निकल गया।',
  stillWaiting:
    'लेने का आधा समय निकल गया है और आपका पैकेट अब भी वितरक का इंतज़ार कर रहा है। क्यों, और आप क्या कर सकते हैं, यह पैकेट के पेज पर लिखा है।',
  cancelledByCoordinator:
    'AlmQuest के एक समन्वयक ने यह पैकेट रद्द कर दिया है। अब किसी को इसे लेने नहीं जाना है।',
  takenOver: 'AlmQuest के एक समन्वयक ने यह पैकेट किसी दूसरे वितरक को दे दिया है। आपको इसे लेने नहीं जाना है।',
  splitDonor: 'बधाई हो! आपका दान हिस्सों में वितरकों को दिया जा रहा है!',
  atRisk:
    'एक पैकेट ख़तरे में है: लेने का एक-तिहाई समय बचा है और अब तक किसी ने इसे स्वीकार नहीं किया। कंसोल में यह सबसे ऊपर है।',
};

export const hiDeliveryTexts: DeliveryTexts = {
  title: 'AlmQuest',
  meals: (_count, shown) => `${shown} भोजन`,
  packageLine: '{meals} · {place}',
  answerBy: '{time} तक जवाब दें',
  mailOpen: 'पैकेट खोलें: {url}',
  mailWhyOffers: 'यह ईमेल आपको इसलिए मिला क्योंकि आपने AlmQuest पर पेशकश के ईमेल चुने हैं।',
  mailWhyUpdates: 'यह ईमेल आपको इसलिए मिला क्योंकि आपने AlmQuest पर अपने पैकेटों के ईमेल चुने हैं।',
  mailOpenConsole: 'समन्वयक कंसोल खोलें: {url}',
  mailWhyAtRisk: 'यह ईमेल आपको इसलिए मिला क्योंकि आप AlmQuest के समन्वयक हैं और आपने पेशकश के ईमेल चुने हैं।',
  mailStop: 'ये ईमेल बंद करें: {url}',
  mailGreeting: 'नमस्ते {name},',
  mailOpenLink: 'पैकेट खोलें',
  mailOpenConsoleLink: 'समन्वयक कंसोल खोलें',
  mailStopLink: 'ये ईमेल बंद करें',
};
