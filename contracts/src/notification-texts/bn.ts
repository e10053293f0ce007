import type { DeliveryTexts, NotificationTexts } from './kinds';

/** Bengali (see client/src/i18n/glossary.md for the key terms). */
export const bnNotificationTexts: NotificationTexts = {
  pairedDonor: 'দারুণ খবর! আপনার প্যাকেটের জন্য বিতরণকারী পাওয়া গেছে!',
  pairedDistributor: 'দারুণ খবর! একজন দাতার সঙ্গে আপনার জুটি হয়েছে!',
  notPaired: 'ইস! এই মুহূর্তে আপনার কাছাকাছি কোনো বিতরণকারী নেই।',
  received: 'বাঃ! বিতরণকারী আপনার প্যাকেট গ্রহণ করেছেন!',
  distributed: 'অসাধারণ! আপনার প্যাকেট মানুষের মধ্যে বিতরণ করা হয়েছে!',
  offered: 'আপনার কাছাকাছি এক দাতার কাছে আপনার জন্য খাবার আছে। আপনি কি নিয়ে যাবেন?',
  offerLapsed: 'আপনি সময়মতো উত্তর দেননি, তাই প্যাকেটটি অন্য কাউকে দেওয়া হয়েছে।',
  released: 'আপনার বিতরণকারী আসতে পারবেন না। আমরা অন্য একজনকে খুঁজছি।',
  cancelled: 'দাতা এই প্যাকেটটি বাতিল করেছেন। আপনাকে আর নিতে যেতে হবে না।',
  expiredDonor: 'সময়মতো কেউ আপনার প্যাকেট নিতে আসেনি, তাই এর সময় পেরিয়ে গেছে।',
  expiredDistributor: 'এই প্যাকেটটি সময়মতো নেওয়া হয়নি, এর সময় পেরিয়ে গেছে।',
  stillWaiting:
    'নেওয়ার অর্ধেক সময় পেরিয়ে গেছে, আপনার প্যাকেট এখনও বিতরণকারীর অপেক্ষায়। আপনি আরও দূর পর্যন্ত যেতে পারেন।',
  cancelledByCoordinator:
    'AlmQuest-এর একজন সমন্বয়কারী এই প্যাকেটটি বাতিল করেছেন। এখন আর কাউকে নিতে যেতে হবে না।',
  takenOver:
    'AlmQuest-এর একজন সমন্বয়কারী এই প্যাকেটটি অন্য একজন বিতরণকারীকে দিয়েছেন। আপনাকে আর নিতে যেতে হবে না।',
  splitDonor: 'দারুণ খবর! আপনার দান কয়েকটি ভাগে ভাগ করা হয়েছে, আর বিতরণকারীরা সেগুলি নিচ্ছেন!',
};

export const bnDeliveryTexts: DeliveryTexts = {
  title: 'AlmQuest',
  meals: (_count, shown) => `${shown}টি খাবার`,
  packageLine: '{meals} · {place}',
  answerBy: '{time}-এর মধ্যে উত্তর দিন',
  mailOpen: 'প্যাকেট খুলুন: {url}',
  mailWhyOffers: 'আপনি AlmQuest-এ প্রস্তাবের ই-মেল বেছে নিয়েছেন, তাই এই ই-মেল পেয়েছেন।',
  mailWhyUpdates: 'আপনি AlmQuest-এ আপনার প্যাকেটের ই-মেল বেছে নিয়েছেন, তাই এই ই-মেল পেয়েছেন।',
  mailStop: 'এই ই-মেল বন্ধ করুন: {url}',
};
