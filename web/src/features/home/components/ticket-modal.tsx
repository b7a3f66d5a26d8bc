import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'react-bootstrap/Modal';
import { FormField, fieldIds } from '../../../lib/forms/form-field.tsx';
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
          <FormField formId={id} name="name" label={t('TICKETS.NAME')}>
            <input className="form-control" id={fieldIds(id, 'name').control} name="name" autoComplete="name" />
          </FormField>
          <FormField formId={id} name="email" label={t('TICKETS.EMAIL')}>
            <input
              className="form-control"
              id={fieldIds(id, 'email').control}
              name="email"
              type="email"
              autoComplete="email"
            />
          </FormField>
          <FormField formId={id} name="ticketType" label={t('TICKETS.TYPE')} className="">
            <select
              className="form-select"
              id={fieldIds(id, 'ticketType').control}
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
          </FormField>
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
