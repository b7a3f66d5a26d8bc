import { useTranslation } from 'react-i18next';
import type { Membership, Payment } from '@club/contract/payments';
import { addDays } from '@club/contract/payments';
import { clubToday } from '@club/contract/club-time';
import { PageHeader } from '../../lib/page-title.tsx';
import { useSession } from '../../lib/session.tsx';
import { formatDay, useCents, useMembership } from '../../lib/membership/membership.ts';
import './membership.css';
import { ScrollTable } from '../../components/ui/scroll-table.tsx';

/** "My membership": dues, licence expiry, classes left, the club's rules and the member's payments. */
export function MembershipPage() {
  const { t } = useTranslation(['membership', 'common']);
  const { user } = useSession();
  const membership = useMembership(user?.uuid);
  // While the session is restored (and in the page drawn at build time) the frame shows.
  return (
    <>
      <PageHeader title={t('TITLE')} subtitle={t('SUBTITLE')} />
      <div className="container-xl membership-page py-4">
        {membership.data ? (
          <MembershipView membership={membership.data} />
        ) : membership.isError ? (
          <p role="alert" className="text-danger">
            {t('ERRORS.GENERIC')}
          </p>
        ) : (
          <div className="membership-frame" aria-busy="true" />
        )}
      </div>
    </>
  );
}

function MembershipView({ membership }: { membership: Membership }) {
  const { t, i18n } = useTranslation(['membership', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const today = clubToday(new Date());
  const { cuotaHasta, licenciaCaduca, bonoClases, payments, rules } = membership;
  const duesOk = cuotaHasta !== null && cuotaHasta >= today;
  const licenceState =
    licenciaCaduca === null ? null : licenciaCaduca < today ? 'expired' : licenciaCaduca <= addDays(today, 60) ? 'soon' : 'ok';
  const packTypes = (rules?.packRequiredFor ?? []).map((type) => t(`common:ENUMS.EVENT_TYPE.${type}`)).join(', ');
  return (
    <>
      <div className="row g-3 membership-cards">
        <section className="col-12 col-md-4" aria-labelledby="membership-dues">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="membership-dues" className="h6 text-body-secondary">
                {t('DUES')}
              </h2>
              <p className={`membership-figure${cuotaHasta ? '' : ' membership-figure-none'}`} data-testid="membership-dues">
                {cuotaHasta ? formatDay(cuotaHasta, language) : t('DUES_NONE')}
              </p>
              {cuotaHasta ? (
                <span className={`badge ${duesOk ? 'text-bg-success' : 'text-bg-danger'}`}>
                  {duesOk ? t('DUES_OK') : t('DUES_LAPSED')}
                </span>
              ) : null}
            </div>
          </div>
        </section>
        <section className="col-12 col-md-4" aria-labelledby="membership-licence">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="membership-licence" className="h6 text-body-secondary">
                {t('LICENCE')}
              </h2>
              <p className={`membership-figure${licenciaCaduca ? '' : ' membership-figure-none'}`} data-testid="membership-licence">
                {licenciaCaduca ? formatDay(licenciaCaduca, language) : t('LICENCE_NONE')}
              </p>
              {licenceState === 'expired' ? <span className="badge text-bg-danger">{t('LICENCE_EXPIRED')}</span> : null}
              {licenceState === 'soon' ? <span className="badge text-bg-warning">{t('LICENCE_SOON')}</span> : null}
            </div>
          </div>
        </section>
        <section className="col-12 col-md-4" aria-labelledby="membership-classes">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="membership-classes" className="h6 text-body-secondary">
                {t('CLASSES')}
              </h2>
              <p className="membership-figure" data-testid="membership-classes">
                {bonoClases}
              </p>
            </div>
          </div>
        </section>
      </div>
      <section className="mt-4" aria-labelledby="membership-rules">
        <h2 id="membership-rules" className="h5">
          {t('RULES_TITLE')}
        </h2>
        <ul className="mb-0">
          {rules?.duesRequired ? <li>{t('RULE_DUES')}</li> : null}
          {packTypes ? <li>{t('RULE_PACK', { types: packTypes })}</li> : null}
          {!rules?.duesRequired && !packTypes ? <li>{t('RULE_NONE')}</li> : null}
        </ul>
      </section>
      <section className="mt-4" aria-labelledby="membership-payments">
        <h2 id="membership-payments" className="h5">
          {t('PAYMENTS')}
        </h2>
        <p className="small text-body-secondary">{t('NO_CARD')}</p>
        {payments.length === 0 ? <p>{t('PAYMENTS_EMPTY')}</p> : <PaymentsTable payments={payments} />}
      </section>
    </>
  );
}

function PaymentsTable({ payments }: { payments: Payment[] }) {
  const { t, i18n } = useTranslation('membership');
  const language = i18n.resolvedLanguage ?? 'es';
  const cents = useCents();
  return (
    <ScrollTable label={t('PAYMENTS')}>
      <table className="table table-sm align-middle membership-table">
        <thead>
          <tr>
            <th scope="col">{t('COL.DATE')}</th>
            <th scope="col">{t('COL.CONCEPT')}</th>
            <th scope="col" className="text-end">
              {t('COL.AMOUNT')}
            </th>
            <th scope="col">{t('COL.METHOD')}</th>
            <th scope="col">{t('COL.STATE')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id} data-testid="my-payment" className={payment.voidedAt ? 'membership-voided' : undefined}>
              <td className="text-nowrap">{formatDay(payment.paidAt, language)}</td>
              <td>
                {t(`CONCEPT.${payment.concept}`)}
                <PaymentDetail payment={payment} />
              </td>
              <td className="text-end text-nowrap">{cents(payment.amountCents)}</td>
              <td>{t(`METHOD.${payment.method}`)}</td>
              <td>
                {payment.voidedAt ? (
                  <>
                    <span className="badge text-bg-secondary">
                      {t('VOIDED', { date: formatDay(payment.voidedAt.slice(0, 10), language) })}
                    </span>
                    {payment.voidReason ? (
                      <span className="d-block small">{t('VOID_REASON', { reason: payment.voidReason })}</span>
                    ) : null}
                  </>
                ) : (
                  t('VALID')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Dues' end or a pack's classes, under the concept. */
export function PaymentDetail({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation('membership');
  const language = i18n.resolvedLanguage ?? 'es';
  if (payment.periodEnd) {
    return <span className="d-block small text-body-secondary">{t('DETAIL_DUES', { date: formatDay(payment.periodEnd, language) })}</span>;
  }
  if (payment.classes !== null) {
    return <span className="d-block small text-body-secondary">{t('DETAIL_CLASSES', { count: payment.classes })}</span>;
  }
  return null;
}
