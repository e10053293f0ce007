import type { Locale } from './locales';

/** The self-hosted face of each script (imported in main.tsx) and a letter to ask it for. */
const FACES: Partial<Record<Locale, { family: string; sample: string }>> = {
  hi: { family: 'Noto Sans Devanagari', sample: 'अ' },
  bn: { family: 'Noto Sans Bengali', sample: 'অ' },
};

/** How long a page waits for its script's face before showing the text anyway. */
const FONT_WAIT_MS = 3000;

/**
 * Fetches a language's faces (regular and bold) before its text is drawn. Chromium draws text
 * laid out while a unicode-range face is still arriving with a font that lacks the glyphs, and
 * does not always draw it again once the face is there: boxes stay on screen. Loaded first, the
 * face is there for the first layout. Never fails, and gives up waiting after FONT_WAIT_MS.
 */
export async function loadScriptFonts(locale: Locale): Promise<void> {
  const face = FACES[locale];
  if (!face || typeof document === 'undefined' || !('fonts' in document)) return;
  const loads = Promise.all(
    [400, 700].map((weight) => document.fonts.load(`${weight} 16px "${face.family}"`, face.sample)),
  ).then(
    () => undefined,
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FONT_WAIT_MS);
  });
  await Promise.race([loads, timeout]);
  clearTimeout(timer);
}
