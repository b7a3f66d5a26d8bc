import { LegalDocument } from './legal-document.tsx';

/** The terms of use, linked from the footer. */
export function TermsPage() {
  return <LegalDocument area="TERMS" />;
}
