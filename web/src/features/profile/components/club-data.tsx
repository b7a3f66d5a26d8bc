import { useTranslation } from 'react-i18next';
import { MEMBER_FLAGS } from '@club/contract/member-flags';
import type { User } from '@club/contract/schemas';

/**
 * What the club holds on the member and only staff set (member number, licence, course and the
 * other flags), read-only, with a number claimed at registration shown as waiting.
 */
export function ClubData({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const none = t('CLUB.NONE');
  return (
    <div className="card profile-card profile-club">
      <div className="card-body">
        <h2 className="profile-section-title">{t('CLUB.TITLE')}</h2>
        <p className="small text-secondary">{t('CLUB.LEAD')}</p>
        <dl className="profile-club-list">
          <dt>{t('common:PERSON.SOCIO')}</dt>
          <dd data-testid="club-socio">
            {user.socio ?? none}
            {user.socioSolicitado ? (
              <span className="d-block small text-secondary">{t('CLUB.CLAIM_PENDING', { socio: user.socioSolicitado })}</span>
            ) : null}
          </dd>
          <dt>{t('CLUB.LICENCE')}</dt>
          <dd>{user.licencia ?? none}</dd>
          {MEMBER_FLAGS.map((flag) => (
            <div key={flag} className="profile-club-flag">
              <dt>{t(`CLUB.FLAGS.${flag}`)}</dt>
              <dd>{user[flag] ? t('CLUB.YES') : t('CLUB.NO')}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
