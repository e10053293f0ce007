import type { Locale } from '@almquest/contracts/locales';
import type { DeliveryTexts } from '@almquest/contracts/notification-texts/kinds';

export type MailMessage = { subject: string; text: string; html: string };

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * A notification's e-mail, as plain text and as HTML with the same words: a greeting by name,
 * the notification's lines (the first is the subject too), a link to open what it is about, and
 * why it came with a link to stop such e-mails. Names, places and every other text are escaped.
 */
export function mailMessage({
  locale,
  texts,
  name,
  lines,
  open,
  why,
  stopUrl,
}: {
  locale: Locale;
  texts: DeliveryTexts;
  name: string;
  /** The notification's own lines: what happened, the package, by when to answer. */
  lines: string[];
  open: { url: string; isConsole: boolean };
  why: string;
  stopUrl: string;
}): MailMessage {
  const greeting = texts.mailGreeting.replace('{name}', name.trim() || texts.title);
  const [first = ''] = lines;
  // The brand once: a notification that names AlmQuest already says where it comes from.
  const subject = first.includes(texts.title) ? first : `${texts.title}: ${first}`;
  const openLine = (open.isConsole ? texts.mailOpenConsole : texts.mailOpen).replace(
    '{url}',
    open.url,
  );
  const text = [
    greeting,
    '',
    ...lines,
    '',
    openLine,
    '',
    '-- ',
    why,
    texts.mailStop.replace('{url}', stopUrl),
  ].join('\n');

  const openWords = open.isConsole ? texts.mailOpenConsoleLink : texts.mailOpenLink;
  const paragraph = (inner: string, style = '') =>
    `<p style="margin:0 0 12px;${style}">${inner}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    "<body style=\"margin:0;padding:24px;background:#f9fafb;color:#111827;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Devanagari','Noto Sans Bengali',sans-serif;font-size:16px;line-height:1.5\">",
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:12px;padding:24px">',
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(first), 'font-weight:600'),
    ...lines.slice(1).map((line) => paragraph(escapeHtml(line))),
    paragraph(
      `<a href="${escapeHtml(open.url)}" style="display:inline-block;background:#15803d;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(openWords)}</a>`,
      'margin-top:20px',
    ),
    '</div>',
    `<p style="max-width:560px;margin:16px auto 0;color:#4b5563;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(stopUrl)}" style="color:#4b5563">${escapeHtml(texts.mailStopLink)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
