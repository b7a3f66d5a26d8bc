import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };

/** The club's name from the site settings: the mails are signed with it and sent in its name. */
export const CLUB_NAME: string = siteSettings.clubName;

/** How every mail of the site is signed, in every language. */
export const CLUB_SIGNATURE: string = CLUB_NAME;

/**
 * The sender of the site's mails: MAIL_FROM as the operator wrote it when it names a sender
 * ("Name <address>"); a bare address is sent in the club's name.
 */
export function mailSender(mailFrom: string): string {
  const value = mailFrom.trim();
  if (value.includes('<')) return value;
  return `"${CLUB_NAME.replace(/["\\]/g, '\\$&')}" <${value}>`;
}
