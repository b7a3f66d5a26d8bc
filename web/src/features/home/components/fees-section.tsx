import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { Icon } from '../../../lib/icons.tsx';
import type { Fee } from '@club/contract/content';
import type { LocalizedText } from '@club/contract/content-view';
import { useContent } from '../../../lib/content/content.ts';
import { useContentLanguage, useContentText } from '../../../lib/content/text.ts';
import { ContentText } from '../../../lib/content/content-text.tsx';
import { useCents } from '../../../lib/money.ts';
import { SectionHeading } from './section-heading.tsx';
import type { TicketType } from './ticket-modal.tsx';
import { TICKET_TYPES } from './ticket-types.ts';

const TicketModal = lazy(() => import('./ticket-modal.tsx').then((m) => ({ default: m.TicketModal })));

interface Card {
  key: string;
  /** The group's name, or the one fee's: a text of the content. */
  title: LocalizedText;
  fees: Fee[];
}

/** Fees of one group share a card, in the order staff set; a fee without a group is its own card. */
function cardsOf(fees: readonly Fee[], text: (value: LocalizedText) => string): Card[] {
  const cards: Card[] = [];
  for (const fee of fees) {
    const group = text(fee.group);
    const last = cards.at(-1);
    if (group && last && text(last.title) === group) last.fees.push(fee);
    else cards.push({ key: fee.id, title: group ? fee.group : fee.name, fees: [fee] });
  }
  return cards;
}

/**
 * The price cards of SPEC §1: the fees staff keep in the club's content, in the page's language
 * (or the club's where a text is missing) and currency. Ticket buttons (and the ticket modal
 * behind them) show only when a club enables tickets in its settings (DECISIONS).
 */
export function FeesSection({ ticketsEnabled = siteSettings.tickets.enabled }: { ticketsEnabled?: boolean }) {
  const { t } = useTranslation('home/fees');
  const content = useContent();
  const text = useContentText();
  const shownIn = useContentLanguage();
  const money = useCents(siteSettings.fees.currencySymbol);
  const [ticket, setTicket] = useState<TicketType | null>(null);

  return (
    <section id="fees" className="home-section bg-sand" aria-labelledby="fees-title">
      <div className="container-xl">
        <SectionHeading id="fees-title" title={t('TITLE')} subtitle={t('SUBTITLE')} />
        <ul className="row g-4 list-unstyled" data-testid="fee-cards">
          {cardsOf(content?.fees ?? [], text).map((card) => (
            <li className="col-md-6 col-xl-3" key={card.key} data-reveal>
              <article className="fee-card h-100" aria-labelledby={`fee-${card.key}`}>
                <h3 className="h5" id={`fee-${card.key}`} lang={shownIn(card.title)}>
                  {text(card.title)}
                </h3>
                <dl className="fee-prices">
                  {card.fees.map((fee) => (
                    <div className="fee-row" key={fee.id} data-fee-id={fee.id}>
                      <dt>
                        <ContentText value={fee.name} />
                        {text(fee.period) ? (
                          <span className="fee-period">
                            {' · '}
                            <ContentText value={fee.period} />
                          </span>
                        ) : null}
                      </dt>
                      <dd>{money(fee.priceCents)}</dd>
                    </div>
                  ))}
                </dl>
                {card.fees.map((fee) =>
                  text(fee.note) ? (
                    <p className="fee-footnote" key={fee.id} lang={shownIn(fee.note)}>
                      {text(fee.note)}
                    </p>
                  ) : null,
                )}
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
