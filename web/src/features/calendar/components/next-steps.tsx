import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_ROUTES } from '@club/contract/routes';
import { EVENT_TYPES } from '@club/contract/enums';
import { isRegistrable, missingRequirements } from '@club/contract/eligibility';
import type { Requirement } from '@club/contract/eligibility';
import type { User } from '@club/contract/schemas';

interface NextStepsProps {
  missing: readonly Requirement[];
  user: User;
}

/**
 * What a member who lacks something for an event can do about it: for each missing paper, what
 * the club does and what they can do (the member number they claimed waiting for staff, the
 * licence to bring), then what they can already do now: the event types they meet, and the
 * training that needs nothing.
 */
export function NextSteps({ missing, user }: NextStepsProps) {
  const { t } = useTranslation(['events-calendar', 'common']);
  const bookable = EVENT_TYPES.filter(
    (type) => isRegistrable(type) && missingRequirements(type, user).length === 0,
  );
  return (
    <div className="cal-next-steps" data-testid="next-steps">
      <ul className="cal-missing mb-2">
        {missing.map((requirement) => (
          <li key={requirement} data-requirement={requirement}>
            <strong>{t(`REQUIREMENT.${requirement}`)}</strong>
            {': '}
            {requirement === 'member' && user.socioSolicitado ? (
              <span data-testid="claim-pending">
                {t('NEXT.MEMBER_CLAIMED', { socio: user.socioSolicitado })}
              </span>
            ) : (
              t(`NEXT.${requirement}`)
            )}
            {(requirement === 'member' && !user.socioSolicitado) || requirement === 'licence' ? (
              <>
                {' '}
                <Link to={`${APP_ROUTES.home}#contact`}>{t('NEXT.CONTACT')}</Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mb-1 fw-semibold">{t('NEXT.NOW')}</p>
      <ul className="cal-missing mb-0" data-testid="can-do-now">
        {bookable.length > 0 ? (
          <li>
            {t('NEXT.BOOKABLE', {
              types: bookable.map((type) => t(`common:ENUMS.EVENT_TYPE.${type}`)).join(', '),
            })}
          </li>
        ) : (
          <li>{t('NEXT.NOTHING_BOOKABLE')}</li>
        )}
        <li>
          <Link to={APP_ROUTES.library}>{t('NEXT.LIBRARY')}</Link> ·{' '}
          <Link to={APP_ROUTES.dryTraining}>{t('NEXT.TRAINING')}</Link> {t('NEXT.NEED_NOTHING')}
        </li>
      </ul>
    </div>
  );
}
