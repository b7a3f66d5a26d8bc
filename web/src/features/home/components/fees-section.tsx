import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { Icon } from '../../../lib/icons.tsx';
import { useMoney } from '../../../lib/money.ts';
import { SectionHeading } from './section-heading.tsx';
import type { TicketType } from './ticket-modal.tsx';
import { TICKET_TYPES } from './ticket-types.ts';

const TicketModal = lazy(() => import('./ticket-modal.tsx').then((m) => ({ default: m.TicketModal })));

type Fees = typeof siteSettings.fees;

interface PriceRow {
  key: string;
  amount: number;
}

interface Card {
  key: 'MASTER_CLASS' | 'REGULAR_CLASS' | 'FUNCTIONAL' | 'GROUP_SESSION';
  rows: PriceRow[];
  featured?: boolean;
}

function cardsOf(fees: Fees): Card[] {
  return [
    {
      key: 'MASTER_CLASS',
      rows: [
        { key: 'ONE_STUDENT', amount: fees.masterClass.oneStudent },
        { key: 'TWO_STUDENTS', amount: fees.masterClass.twoStudents },
        { key: 'MORE_STUDENTS', amount: fees.masterClass.moreStudents },
      ],
    },
    {
      key: 'REGULAR_CLASS',
      featured: true,
      rows: [
        { key: 'SINGLE', amount: fees.regularClass.single },
        { key: 'PACK', amount: fees.regularClass.pack },
      ],
    },
    {
      key: 'FUNCTIONAL',
      rows: [
        { key: 'PERSONAL', amount: fees.functionalSession.personal },
        { key: 'GROUP', amount: fees.functionalSession.group },
        { key: 'FACILITIES', amount: fees.functionalSession.facilities },
      ],
    },
    { key: 'GROUP_SESSION', rows: [{ key: 'PRICE', amount: fees.groupSession.price }] },
  ];
}

/**
 * The price cards of SPEC §1, prices from the site settings in the page's language and
 * currency. Ticket buttons (and the ticket modal behind them) show only when a club enables
 * tickets in its settings (DECISIONS).
 */
export function FeesSection({
  fees = siteSettings.fees,
  ticketsEnabled = siteSettings.tickets.enabled,
}: {
  fees?: Fees;
  ticketsEnabled?: boolean;
}) {
  const { t } = useTranslation('home/fees');
  const money = useMoney(fees.currencySymbol);
  const [ticket, setTicket] = useState<TicketType | null>(null);
  const saving = fees.regularClass.single * fees.regularClass.packClasses - fees.regularClass.pack;
  const values = { classes: fees.regularClass.packClasses, saving: money(saving) };

  return (
    <section id="fees" className="home-section bg-sand" aria-labelledby="fees-title">
      <div className="container-xl">
        <SectionHeading id="fees-title" title={t('TITLE')} subtitle={t('SUBTITLE')} />
        <ul className="row g-4 list-unstyled">
          {cardsOf(fees).map((card) => (
            <li className="col-md-6 col-xl-3" key={card.key} data-reveal>
              <article className={`fee-card h-100 ${card.featured ? 'is-featured' : ''}`} aria-labelledby={`fee-${card.key}`}>
                {card.featured ? <p className="fee-badge">{t('FEATURED')}</p> : null}
                <h3 className="h5" id={`fee-${card.key}`}>
                  {t(`${card.key}.TITLE`)}
                </h3>
                <p className="fee-description">{t(`${card.key}.DESCRIPTION`)}</p>
                <dl className="fee-prices">
                  {card.rows.map((row) => (
                    <div className="fee-row" key={row.key}>
                      <dt>{t(`${card.key}.${row.key}`, values)}</dt>
                      <dd>{money(row.amount)}</dd>
                    </div>
                  ))}
                </dl>
                {card.key === 'REGULAR_CLASS' ? (
                  <p className="fee-note">
                    <Icon name="check" /> {t('REGULAR_CLASS.DISCOUNT_NOTE', values)}
                  </p>
                ) : null}
                {card.key === 'FUNCTIONAL' ? (
                  <p className="fee-note">
                    <Icon name="calendar" /> {t('FUNCTIONAL.SCHEDULE')}
                  </p>
                ) : null}
                <p className="fee-footnote">{t(`${card.key}.NOTE`)}</p>
              </article>
            </li>
          ))}
        </ul>
        <p className="text-center small mt-4 mb-0">{t('VAT_NOTE')}</p>
        {ticketsEnabled ? (
          <div className="tickets text-center mt-4" data-reveal>
            <h3 className="h5">{t('TICKETS.TITLE')}</h3>
            <div className="d-flex flex-wrap justify-content-center gap-2">
              {TICKET_TYPES.map((type) => (
                <button key={type} type="button" className="btn btn-outline-dark" onClick={() => setTicket(type)}>
                  <Icon name="ticket" className="me-2" />
                  {t(`TICKETS.TYPES.${type}`)}
                </button>
              ))}
            </div>
          </div>
        ) : null}
      </div>
      {ticket ? (
        <Suspense fallback={null}>
          <TicketModal ticketType={ticket} onClose={() => setTicket(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
