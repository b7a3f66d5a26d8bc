// The plain shape of the account mails (reset, notices, address links): text and HTML alike.

/** A mail's subject and bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The texts of one account mail in one language. */
export interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: string[];
  action?: string;
  closing: string;
}

// A member's own text is never markup.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An account mail: greeting, first paragraph, the link (if any), the rest, closing. */
export function renderAccountMail(texts: Texts, name: string, link?: string): MailContent {
  const greeting = texts.greeting(name);
  const text = [greeting, '', texts.body[0], '', ...(link ? [link, ''] : []), ...texts.body.slice(1), '', texts.closing]
    .join('\n');
  // The name is the member's own text: escaped, never markup.
  const paragraphs = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(texts.body[0])}</p>`,
    ...(link && texts.action ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(texts.action)}</a></p>`] : []),
    ...texts.body.slice(1).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(texts.closing)}</p>`,
  ];
  return { subject: texts.subject, text, html: `<!doctype html><html><body>${paragraphs.join('')}</body></html>` };
}
