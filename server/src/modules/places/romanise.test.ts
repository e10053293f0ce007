import { describe, expect, it } from 'vitest';
import { romanisations, romanise } from './romanise';
import { toSearchKey } from './search-key';

describe('romanise', () => {
  it('writes a name in Devanagari or Bengali as the place data spells it (by the search key)', () => {
    // Names a Hindi and Bengali reader searched for and found nothing, and the data's spelling.
    for (const [typed, data] of [
      ['सिलिगुड़ी', 'Siliguri'],
      ['शिलिगुड़ि', 'Siliguri'],
      ['चेन्नै', 'Chennai'],
      ['करोल बाग', 'Karol Bagh'],
      ['দার্জিলিং', 'Darjiling'],
      ['জলপাইগুড়ি', 'Jalpaiguri'],
      ['মেদিনীপুর', 'Medinipur'],
      ['कानपुर', 'Kanpur'],
      ['गाज़ियाबाद', 'Ghaziabad'],
      ['आसानसोल', 'Asansol'],
      ['দুর্গাপুর', 'Durgapur'],
      ['বিধাননগর', 'Bidhannagar'],
    ]) {
      expect(romanisations(typed!).map(toSearchKey), typed).toContain(toSearchKey(data!));
    }
  });

  it('keeps the vowel a name of Sanskrit origin says, as a second spelling', () => {
    expect(romanisations('वाराणसी').map(toSearchKey)).toContain(toSearchKey('Varanasi'));
    expect(romanise('मित्र')).toBe('mitra');
    expect(romanise('महाराष्ट्र')).toMatch(/^mahaaraashtra$/);
  });

  it('tells the nukta letters and Bengali’s য apart, composed or not', () => {
    expect(romanise('ड़')).toBe('ra');
    expect(romanise('\u0921\u093C')).toBe('ra');
    expect(romanise('যশোর')).toBe('jashor');
    expect(romanise('\u09AF\u09BC')).toBe('ya');
    expect(romanise('\u09DF')).toBe('ya');
    expect(romanise('ক্যানিং')).toBe('kyaaning');
  });

  it('leaves other text alone', () => {
    expect(romanise('Siliguri')).toBeNull();
    expect(romanisations('12345')).toEqual([]);
  });
});
