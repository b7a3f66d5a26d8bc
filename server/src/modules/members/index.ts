// The members module's public face: what other modules and the app may use.
export type { MemberRow } from '../../db/schema.ts';
export { createMember } from './create.ts';
export type { NewMember } from './create.ts';
export { booleanColumns, booleansOf } from './flags.ts';
export { papersDecisionMail } from './papers-mail.ts';
export type { Papers } from './papers-mail.ts';
export type { MemberBoolean } from './flags.ts';
export { checkCurrentPassword, LOGIN_WINDOW_MS, loginLimitKey } from './credentials.ts';
export {
  anyMember,
  claimFeedNonce,
  findMailee,
  findMemberByEmail,
  findMemberByFeedHash,
  findMemberById,
  findMemberByLogin,
  findMemberBySignInName,
  markEmailVerified,
  setPasswordHash,
  setReminders,
  replaceFeedNonce,
  returnPackClass,
  setStanding,
  takePackClass,
  toUser,
  uniqueKey,
  USER_COLUMNS,
  updateLanguage,
} from './repository.ts';
export type { UserRow } from './repository.ts';
export { requireSelf, requireVerifiedEmail } from './verified.ts';
export { findMembersByNombres, findNamedMember } from './by-name.ts';
export type { NamedMember } from './by-name.ts';
export { MEMBER_ADDRESS_CHANGED, MEMBER_DELETED, MEMBER_EXPORT } from './hooks.ts';
export type { DeletedMember, MemberExportAnswer, MemberExportParts } from './hooks.ts';
export { findSocioHolder, searchMembers, updateMemberRecord } from './search.ts';
