import { LegalDocument } from './legal-document.tsx';

/** The privacy notice: what the club keeps, why, how long, and the member's rights. */
export function PrivacyPage() {
  return <LegalDocument area="PRIVACY" />;
}
