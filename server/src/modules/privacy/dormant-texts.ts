import type { Locale } from '@almquest/contracts/locales';

type Words = {
  name: string;
  email: string;
  days: string;
  date: string;
  origin: string;
  operator: string;
};

/**
 * The warning before a dormant account is erased (decision 043), in the person's language. Plain
 * text: it must read on any phone's mail app. Reviewed by native readers with the notice.
 */
export const DORMANT_WARNING: Record<Locale, { subject: string; text: (w: Words) => string }> = {
  en: {
    subject: 'Your AlmQuest account will be erased unless you sign in',
    text: (w) =>
      [
        `Hello ${w.name},`,
        '',
        `Nobody has signed in to your AlmQuest account (${w.email}) for ${w.days} days. As our privacy notice says, we do not keep accounts nobody uses: this one, with its profile and history, will be erased on ${w.date}.`,
        '',
        `To keep it, just sign in before then: ${w.origin}`,
        '',
        'If you no longer need it, you need not do anything. You can also download your data from your profile first.',
        '',
        `${w.operator}`,
      ].join('\n'),
  },
  hi: {
    subject: 'साइन इन न करने पर आपका AlmQuest अकाउंट मिटा दिया जाएगा',
    text: (w) =>
      [
        `नमस्ते ${w.name},`,
        '',
        `आपके AlmQuest अकाउंट (${w.email}) में ${w.days} दिन से किसी ने साइन इन नहीं किया है। हमारी निजता सूचना के अनुसार, हम इस्तेमाल न होने वाले अकाउंट नहीं रखते: यह अकाउंट, इसकी प्रोफ़ाइल और इतिहास के साथ, ${w.date} को मिटा दिया जाएगा।`,
        '',
        `इसे रखने के लिए उससे पहले बस साइन इन करें: ${w.origin}`,
        '',
        'अगर अब इसकी ज़रूरत नहीं है, तो आपको कुछ करने की ज़रूरत नहीं है। चाहें तो पहले अपनी प्रोफ़ाइल से अपना डेटा डाउनलोड कर लें।',
        '',
        `${w.operator}`,
      ].join('\n'),
  },
  bn: {
    subject: 'সাইন ইন না করলে আপনার AlmQuest অ্যাকাউন্ট মুছে ফেলা হবে',
    text: (w) =>
      [
        `নমস্কার ${w.name},`,
        '',
        `আপনার AlmQuest অ্যাকাউন্টে (${w.email}) ${w.days} দিন কেউ সাইন ইন করেননি। আমাদের গোপনীয়তা বিজ্ঞপ্তি অনুযায়ী, ব্যবহার না হওয়া অ্যাকাউন্ট আমরা রাখি না: এই অ্যাকাউন্ট, তার প্রোফাইল আর ইতিহাস সহ, ${w.date} তারিখে মুছে ফেলা হবে।`,
        '',
        `এটি রাখতে চাইলে তার আগে শুধু সাইন ইন করুন: ${w.origin}`,
        '',
        'আর দরকার না থাকলে আপনাকে কিছুই করতে হবে না। চাইলে আগে প্রোফাইল থেকে আপনার তথ্য ডাউনলোড করে নিতে পারেন।',
        '',
        `${w.operator}`,
      ].join('\n'),
  },
};
