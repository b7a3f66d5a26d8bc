import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'react-bootstrap/Modal';
import { TICKET_TYPES } from './ticket-types.ts';

export type TicketType = (typeof TICKET_TYPES)[number];

/**
 * The hidden ticket-purchase modal of SPEC §1: name, e-mail, ticket type (filled from the
 * button that opened it) and Buy Now, which on purpose does nothing and calls nothing.
 */
export function TicketModal({ ticketType, onClose }: { ticketType: TicketType; onClose: () => void }) {
  const { t } = useTranslation('home/fees');
  const id = useId();
  const [type, setType] = useState<TicketType>(ticketType);
  const buyNow = (event: FormEvent) => {
    // No purchase flow exists yet (SPEC §1): the button has no action.
    event.preventDefault();
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <form onSubmit={buyNow} noValidate>
        <Modal.Header closeButton closeLabel={t('TICKETS.CLOSE')}>
          <Modal.Title id={`${id}-title`}>{t('TICKETS.MODAL_TITLE')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-name`}>
              {t('TICKETS.NAME')}
            </label>
            <input className="form-control" id={`${id}-name`} name="name" autoComplete="name" />
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-email`}>
              {t('TICKETS.EMAIL')}
            </label>
            <input className="form-control" id={`${id}-email`} name="email" type="email" autoComplete="email" />
          </div>
          <div>
            <label className="form-label" htmlFor={`${id}-type`}>
              {t('TICKETS.TYPE')}
            </label>
            <select
              className="form-select"
              id={`${id}-type`}
              name="ticketType"
              value={type}
              onChange={(event) => setType(event.target.value as TicketType)}
            >
              {TICKET_TYPES.map((option) => (
                <option key={option} value={option}>
                  {t(`TICKETS.TYPES.${option}`)}
                </option>
              ))}
            </select>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="submit" className="btn btn-accent">
            {t('TICKETS.BUY_NOW')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
