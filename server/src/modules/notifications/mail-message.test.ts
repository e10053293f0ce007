import { enDeliveryTexts } from '@almquest/contracts/notification-texts/en';
import { hiDeliveryTexts } from '@almquest/contracts/notification-texts/hi';
import { describe, expect, it } from 'vitest';
import { mailMessage } from './mail-message';

const base = {
  open: { url: 'https://almquest.example/transaction/1', isConsole: false },
  stopUrl: 'https://almquest.example/unsubscribe?token=a&b',
};

describe('a notification e-mail', () => {
  it('names the brand once in its subject, whether or not the notification does', () => {
    const plain = mailMessage({
      ...base,
      locale: 'en',
      texts: enDeliveryTexts,
      name: 'Asha',
      lines: ['Hurray! We have found a distributor for your package!'],
      why: enDeliveryTexts.mailWhyUpdates,
    });
    expect(plain.subject).toBe('AlmQuest: Hurray! We have found a distributor for your package!');
    const named = mailMessage({
      ...base,
      locale: 'en',
      texts: enDeliveryTexts,
      name: 'Asha',
      lines: ['An AlmQuest coordinator has cancelled this package. Nobody needs to pick it up.'],
      why: enDeliveryTexts.mailWhyUpdates,
    });
    expect(named.subject).toBe(
      'An AlmQuest coordinator has cancelled this package. Nobody needs to pick it up.',
    );
  });

  it('writes names and places as text in its HTML, never as markup', () => {
    const mail = mailMessage({
      ...base,
      locale: 'hi',
      texts: hiDeliveryTexts,
      name: 'Ravi <img src=x onerror=alert(1)>',
      lines: ['कुछ हुआ', '12 भोजन · Main Road <b>Gate</b> & "2"'],
      why: hiDeliveryTexts.mailWhyOffers,
    });
    expect(mail.html).toContain('नमस्ते Ravi &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).toContain('Main Road &lt;b&gt;Gate&lt;/b&gt; &amp; &quot;2&quot;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('href="https://almquest.example/unsubscribe?token=a&amp;b"');
    expect(mail.text.split('\n')[0]).toBe('नमस्ते Ravi <img src=x onerror=alert(1)>,');
  });
});
