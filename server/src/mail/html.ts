// The HTML part of the club's mails: one simple, accessible layout (a language, a heading, real
// text sizes, a table of details with row headers, a link styled as a button, colours of the
// site with enough contrast), inline styles only, no images and nothing loaded from elsewhere.
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };

// The site's colours (web/src/styles/main.css): navy header, brass rule, sand page, ink text.
const NAVY = '#12263a';
const BRASS = '#e0a526';
const SAND = '#f4f1ea';
const INK = '#1d232b';
const MUTED = '#4a5561';

/** Text as HTML: the member's own words and ours alike are never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface EventMailHtml {
  language: string;
  greeting: string;
  lead: string;
  /** The event's title, the mail's heading. */
  title: string;
  /** Label and value of each detail (when, where, how it was). */
  details: Array<[string, string]>;
  button: { label: string; href: string };
  signature: string;
  /** A line below the mail (turning reminders off), with its link. */
  footer?: { text: string; href: string };
}

/** The HTML part of an event mail, beside its plain text (multipart/alternative). */
export function eventMailHtml(mail: EventMailHtml): string {
  const e = escapeHtml;
  const rows = mail.details
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:bold;white-space:nowrap">${e(label)}</th>` +
        `<td style="padding:4px 0">${e(value)}</td></tr>`,
    )
    .join('');
  const footer = mail.footer
    ? `<tr><td style="padding:12px 24px 20px;font-size:14px;line-height:1.5;color:${MUTED}">${e(mail.footer.text)}: ` +
      `<a href="${e(mail.footer.href)}" style="color:${NAVY}">${e(mail.footer.href)}</a></td></tr>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="${e(mail.language)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(mail.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:${SAND};color:${INK};font-family:Arial,Helvetica,sans-serif">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${SAND}"><tr><td align="center" style="padding:16px 8px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">`,
    `<tr><td style="background:${NAVY};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-bottom:4px solid ${BRASS}">${e(siteSettings.clubName)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:16px;line-height:1.5">`,
    `<p style="margin:0 0 12px">${e(mail.greeting)}</p>`,
    `<p style="margin:0 0 16px">${e(mail.lead)}</p>`,
    `<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;color:${NAVY}">${e(mail.title)}</h1>`,
    `<table style="border-collapse:collapse;font-size:16px;line-height:1.5">${rows}</table>`,
    `<p style="margin:24px 0"><a href="${e(mail.button.href)}" style="display:inline-block;background:${NAVY};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${e(mail.button.label)}</a></p>`,
    `<p style="margin:0">${e(mail.signature)}</p>`,
    '</td></tr>',
    footer,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}
