import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ToastType } from '@club/contract/enums';
import { clubMonth, clubToday, monthBounds } from '@club/contract/club-time';
import { PAYMENT_CONCEPTS, PAYMENT_LIMITS, PAYMENT_METHODS, eurosToCents } from '@club/contract/payments';
import type { Payment, PaymentBody, PaymentConcept } from '@club/contract/payments';
import type { ClubEvent, User } from '@club/contract/schemas';
import { addDays, eventDate } from '@club/contract/event-time';
import { isoDateField, singleLineText } from '@club/contract/text';
import { FormField, invalidProps } from '../../../lib/forms/form-field.tsx';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { applyServerFieldErrors } from '../../../lib/forms/server-errors.ts';
import { ApiCallError } from '../../../lib/http.ts';
import { formatDay, useCents } from '../../../lib/membership/membership.ts';
import { showToast } from '../../../lib/toasts.ts';
import { downloadPaymentsCsv, useFeeEvents, useNeedsAttention, usePayments, useRecordPayment, useVoidPayment } from '../api/payments.ts';
import type { LedgerFilter } from '../api/payments.ts';
import { useUserSearch } from '../api/search-users.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { QueryState } from './query-state.tsx';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { lazySchema } from '@club/contract/lazy-schema';

/** The refusal's text of the membership area, or the generic one. */
function refusalText(t: (key: string) => string, error: unknown): string {
  if (error instanceof ApiCallError && ['VERSION_CONFLICT', 'ALREADY_VOIDED', 'NOT_FOUND', 'VALIDATION_ERROR'].includes(error.errorCode)) {
    return t(`membership:ERRORS.${error.errorCode}`);
  }
  return t('membership:ERRORS.GENERIC');
}

/** The staff's ledger: record a payment, filter the period, void with a reason, totals and CSV. */
export function PaymentsScreen() {
  const { t } = useTranslation(['membership', 'admin', 'common']);
  const id = useId();
  const month = monthBounds(clubMonth(new Date()));
  const [filter, setFilter] = useState<LedgerFilter>({ from: month.first, to: month.last });
  const [draft, setDraft] = useState<LedgerFilter>(filter);
  const payments = usePayments(filter);
  const attention = useNeedsAttention(filter.from, filter.to);
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const [csvError, setCsvError] = useState(false);
  const list = payments.data ?? [];

  return (
    <div className="payments-screen">
      <RecordPayment />
      <section aria-labelledby={`${id}-ledger`} className="mt-4">
        <h2 id={`${id}-ledger`} className="h4">
          {t('STAFF.LEDGER_TITLE')}
        </h2>
        <Form
          className="payments-filter row g-2 align-items-end mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.from && draft.to && draft.from <= draft.to) setFilter(draft);
          }}
        >
          <div className="col-6 col-md-3">
            <Form.Label htmlFor={`${id}-from`}>{t('STAFF.FROM')}</Form.Label>
            <Form.Control id={`${id}-from`} type="date" name="from" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div className="col-6 col-md-3">
            <Form.Label htmlFor={`${id}-to`}>{t('STAFF.TO')}</Form.Label>
            <Form.Control id={`${id}-to`} type="date" name="to" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <div className="col-12 col-md-3">
            <Form.Label htmlFor={`${id}-concept`}>{t('STAFF.CONCEPT')}</Form.Label>
            <Form.Select
              id={`${id}-concept`}
              name="concept"
              value={draft.concept ?? ''}
              onChange={(e) => setDraft({ ...draft, concept: (e.target.value || undefined) as PaymentConcept | undefined })}
            >
              <option value="">{t('STAFF.ALL_CONCEPTS')}</option>
              {PAYMENT_CONCEPTS.map((concept) => (
                <option key={concept} value={concept}>
                  {t(`CONCEPT.${concept}`)}
                </option>
              ))}
            </Form.Select>
          </div>
          <div className="col-12 col-md-3 d-flex gap-2 flex-wrap">
            <Button type="submit" variant="primary">
              {t('STAFF.FILTER')}
            </Button>
            <Button
              type="button"
              variant="outline-primary"
              data-testid="payments-csv"
              onClick={() => {
                setCsvError(false);
                downloadPaymentsCsv(filter).catch(() => setCsvError(true));
              }}
            >
              {t('STAFF.CSV')}
            </Button>
          </div>
        </Form>
        {csvError ? <FormAlert>{t('ERRORS.GENERIC')}</FormAlert> : null}
        <QueryState loading={payments.isPending} error={payments.error} onRetry={() => void payments.refetch()} />
        {payments.isSuccess ? (
          <p className="small text-body-secondary" aria-live="polite" data-testid="ledger-count">
            {list.length === 0 ? t('STAFF.LEDGER_EMPTY') : t('STAFF.LEDGER_COUNT', { count: list.length })}
          </p>
        ) : null}
        {list.length > 0 ? <LedgerTable payments={list} onVoid={setVoiding} /> : null}
      </section>
      <section aria-labelledby={`${id}-totals`} className="mt-4">
        <h2 id={`${id}-totals`} className="h4">
          {t('STAFF.TOTALS_TITLE')}
        </h2>
        <Totals totals={attention.data?.totals} />
      </section>
      {voiding ? <VoidDialog payment={voiding} onClose={() => setVoiding(null)} /> : null}
    </div>
  );
}

function LedgerTable({ payments, onVoid }: { payments: Payment[]; onVoid(payment: Payment): void }) {
  const { t, i18n } = useTranslation('membership');
  const language = i18n.resolvedLanguage ?? 'es';
  const cents = useCents();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle payments-table">
        <thead>
          <tr>
            <th scope="col">{t('COL.DATE')}</th>
            <th scope="col">{t('COL.MEMBER')}</th>
            <th scope="col">{t('COL.CONCEPT')}</th>
            <th scope="col" className="text-end">
              {t('COL.AMOUNT')}
            </th>
            <th scope="col">{t('COL.METHOD')}</th>
            <th scope="col">{t('COL.RECORDED')}</th>
            <th scope="col">{t('COL.STATE')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const name = payment.personName ?? t('ANONYMOUS');
            return (
              <tr key={payment.id} data-testid="ledger-row" className={payment.voidedAt ? 'membership-voided' : undefined}>
                <td className="text-nowrap">{formatDay(payment.paidAt, language)}</td>
                <td>{name}</td>
                <td>
                  {t(`CONCEPT.${payment.concept}`)}
                  {payment.periodEnd ? (
                    <span className="d-block small text-body-secondary">{t('DETAIL_DUES', { date: formatDay(payment.periodEnd, language) })}</span>
                  ) : null}
                  {payment.classes !== null ? (
                    <span className="d-block small text-body-secondary">{t('DETAIL_CLASSES', { count: payment.classes })}</span>
                  ) : null}
                  {payment.eventTitle ? (
                    <span className="d-block small text-body-secondary text-break" data-testid="ledger-event">
                      {payment.eventStart ? `${formatDay(eventDate(payment.eventStart), language)} · ` : ''}
                      {payment.eventTitle}
                    </span>
                  ) : null}
                  {payment.reference ? <span className="d-block small text-body-secondary text-break">{payment.reference}</span> : null}
                </td>
                <td className="text-end text-nowrap">{cents(payment.amountCents)}</td>
                <td>{t(`METHOD.${payment.method}`)}</td>
                <td className="small">{payment.recordedByName ?? '—'}</td>
                <td>
                  {payment.voidedAt ? (
                    <>
                      <span className="badge text-bg-secondary">
                        {t('VOIDED', { date: formatDay(payment.voidedAt.slice(0, 10), language) })}
                      </span>
                      <span className="d-block small text-break">
                        {t('VOID_REASON', { reason: payment.voidReason ?? '' })}
                        {payment.voidedByName ? ` · ${payment.voidedByName}` : ''}
                      </span>
                    </>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={t('STAFF.VOID_FOR', { name, date: formatDay(payment.paidAt, language) })}
                      onClick={() => onVoid(payment)}
                    >
                      {t('STAFF.VOID')}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ totals }: { totals: Array<{ month: string; concept: PaymentConcept; amountCents: number }> | undefined }) {
  const { t, i18n } = useTranslation('membership');
  const language = i18n.resolvedLanguage ?? 'es';
  const cents = useCents();
  if (!totals) return null;
  if (totals.length === 0) return <p>{t('STAFF.TOTALS_EMPTY')}</p>;
  const months = [...new Set(totals.map((row) => row.month))];
  const amount = (month: string, concept: PaymentConcept) =>
    totals.find((row) => row.month === month && row.concept === concept)?.amountCents ?? 0;
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  return (
    <ScrollTable label={t('STAFF.TOTALS_TABLE')}>
      <table className="table table-sm payments-totals" data-testid="payments-totals">
        <thead>
          <tr>
            <th scope="col">{t('STAFF.MONTH')}</th>
            {PAYMENT_CONCEPTS.map((concept) => (
              <th key={concept} scope="col" className="text-end">
                {t(`CONCEPT.${concept}`)}
              </th>
            ))}
            <th scope="col" className="text-end">
              {t('STAFF.TOTAL')}
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month}>
              <th scope="row" className="text-nowrap">
                {monthName(month)}
              </th>
              {PAYMENT_CONCEPTS.map((concept) => (
                <td key={concept} className="text-end text-nowrap">
                  {cents(amount(month, concept))}
                </td>
              ))}
              <td className="text-end text-nowrap fw-semibold">
                {cents(PAYMENT_CONCEPTS.reduce((sum, concept) => sum + amount(month, concept), 0))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

const voidSchema = lazySchema(() => z.object({ reason: singleLineText(PAYMENT_LIMITS.reasonMax) }));

function VoidDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const { t } = useTranslation(['membership', 'common']);
  const id = useId();
  const voidPayment = useVoidPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(voidSchema), defaultValues: { reason: '' } });
  const onSubmit = async ({ reason }: { reason: string }) => {
    setFailure(null);
    try {
      await voidPayment.mutateAsync({ id: payment.id, reason });
      showToast({ type: ToastType.success, title: t('STAFF.VOID_TITLE'), message: t('STAFF.VOIDED_OK') });
      onClose();
    } catch (error) {
      setFailure(refusalText(t, error));
    }
  };
  return (
    <Modal show onHide={onClose} aria-labelledby={`${id}-title`} fullscreen="sm-down">
      <Modal.Header closeButton closeLabel={t('common:ACTIONS.CLOSE')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('STAFF.VOID_TITLE')}
        </Modal.Title>
      </Modal.Header>
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Modal.Body>
          <p className="small">{t('STAFF.VOID_INTRO')}</p>
          <FormField formId={id} name="reason" label={t('STAFF.VOID_REASON')} error={errors.reason} limits={{ max: PAYMENT_LIMITS.reasonMax }} required>
            <input
              className={`form-control${errors.reason ? ' is-invalid' : ''}`}
              {...invalidProps(id, 'reason', errors.reason)}
              {...register('reason')}
              maxLength={PAYMENT_LIMITS.reasonMax}
              autoComplete="off"
            />
          </FormField>
        </Modal.Body>
        <Modal.Footer>
          {failure ? <FormAlert className="w-100">{failure}</FormAlert> : null}
          <Button variant="outline-secondary" onClick={onClose}>
            {t('STAFF.CANCEL')}
          </Button>
          <Button type="submit" variant="danger" disabled={voidPayment.isPending}>
            {t('STAFF.VOID_CONFIRM')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

interface PaymentFormValues {
  concept: PaymentConcept;
  amount: string;
  method: (typeof PAYMENT_METHODS)[number];
  paidAt: string;
  periodEnd: string;
  classes: string;
  reference: string;
}

const paymentFormSchema = lazySchema(() => z
  .object({
    concept: z.enum(PAYMENT_CONCEPTS, { error: 'required' }),
    amount: z.string().refine((text) => (eurosToCents(text) ?? 0) > 0, { error: 'pattern' }),
    method: z.enum(PAYMENT_METHODS, { error: 'required' }),
    paidAt: isoDateField,
    periodEnd: z.string(),
    classes: z.string(),
    reference: z.string().max(PAYMENT_LIMITS.referenceMax, { error: 'maxlength' }),
  })
  .superRefine((values, ctx) => {
    if (values.concept === 'cuota' && !/^\d{4}-\d{2}-\d{2}$/.test(values.periodEnd)) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'required' });
    }
    const classes = Number(values.classes);
    if (values.concept === 'bono' && !(Number.isInteger(classes) && classes >= 1 && classes <= PAYMENT_LIMITS.maxClasses)) {
      ctx.addIssue({ code: 'custom', path: ['classes'], message: values.classes ? 'pattern' : 'required' });
    }
  }));

function RecordPayment() {
  const { t } = useTranslation(['membership', 'admin', 'common']);
  const id = useId();
  const [member, setMember] = useState<User | null>(null);
  const [feeEvent, setFeeEvent] = useState<ClubEvent | null>(null);
  const [text, setText] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const q = useDebouncedValue(text.trim(), 300);
  const users = useUserSearch(q);
  const record = useRecordPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: { concept: 'cuota', amount: '', method: 'efectivo', paidAt: clubToday(new Date()), periodEnd: '', classes: '', reference: '' },
  });
  const concept = watch('concept');
  const paidAt = watch('paidAt');

  const onSubmit = async (values: PaymentFormValues) => {
    setFailure(null);
    if (!member) {
      // Everything else is in order: the one thing missing is who paid.
      search.current?.focus();
      return;
    }
    const body: PaymentBody = {
      personUuid: member.uuid,
      concept: values.concept,
      amountCents: eurosToCents(values.amount) ?? 0,
      method: values.method,
      paidAt: values.paidAt,
      reference: values.reference.trim() || null,
      periodEnd: values.concept === 'cuota' ? values.periodEnd : null,
      classes: values.concept === 'bono' ? Number(values.classes) : null,
      eventUuid: values.concept === 'evento' ? (feeEvent?.uuid ?? null) : null,
    };
    try {
      await record.mutateAsync(body);
      showToast({ type: ToastType.success, title: t('STAFF.RECORD_TITLE'), message: t('STAFF.SAVED') });
      reset({ ...values, amount: '', periodEnd: '', classes: '', reference: '' });
      setFeeEvent(null);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['paidAt', 'periodEnd', 'classes', 'reference'])) {
        setFailure(refusalText(t, error));
      }
    }
  };

  const candidates = q ? (users.data ?? []).slice(0, 8) : [];
  return (
    <section aria-labelledby={`${id}-title`} className="payments-record card">
      <div className="card-body">
        <h2 id={`${id}-title`} className="h4">
          {t('STAFF.RECORD_TITLE')}
        </h2>
        {member ? (
          <p className="d-flex flex-wrap gap-2 align-items-center" data-testid="payment-member">
            <strong>{t('STAFF.MEMBER_CHOSEN', { name: member.fullName })}</strong>
            {member.socio ? <span className="text-body-secondary">#{member.socio}</span> : null}
            <Button size="sm" variant="link" onClick={() => setMember(null)}>
              {t('STAFF.MEMBER_CHANGE')}
            </Button>
          </p>
        ) : (
          <div className="mb-3">
            <Form.Label htmlFor={`${id}-search`}>
              {t('STAFF.MEMBER_SEARCH')}
              <span className="required-mark" aria-hidden="true">
                {' '}
                *
              </span>
            </Form.Label>
            <Form.Control
              ref={search}
              id={`${id}-search`}
              type="search"
              aria-required="true"
              aria-invalid={isSubmitted || undefined}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              maxLength={100}
              aria-describedby={isSubmitted ? `${id}-choose` : undefined}
            />
            {isSubmitted ? (
              <div id={`${id}-choose`} className="invalid-feedback d-block">
                {t('STAFF.MEMBER_CHOOSE')}
              </div>
            ) : null}
            {q && users.isSuccess && candidates.length === 0 ? <p className="small mt-2 mb-0">{t('STAFF.NO_MATCHES')}</p> : null}
            {candidates.length > 0 ? (
              <ul className="list-group mt-2 payments-candidates">
                {candidates.map((user) => (
                  <li key={user.uuid} className="list-group-item p-0">
                    <button type="button" className="btn btn-link w-100 text-start" onClick={() => setMember(user)}>
                      {user.fullName}
                      <span className="small text-body-secondary"> · {user.socio ?? user.login}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
        <Form noValidate onSubmit={handleSubmit(onSubmit)} className="row g-3" aria-labelledby={`${id}-title`}>
          <FormField formId={id} name="concept" label={t('STAFF.CONCEPT')} error={errors.concept} className="col-12 col-sm-6 col-lg-3">
            <select className="form-select" {...invalidProps(id, 'concept', errors.concept)} {...register('concept')}>
              {PAYMENT_CONCEPTS.map((value) => (
                <option key={value} value={value}>
                  {t(`CONCEPT.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField formId={id} name="amount" label={t('STAFF.AMOUNT')} error={errors.amount} hint={t('ERRORS.AMOUNT')} className="col-12 col-sm-6 col-lg-3" required>
            <input
              className={`form-control${errors.amount ? ' is-invalid' : ''}`}
              inputMode="decimal"
              {...invalidProps(id, 'amount', errors.amount)}
              {...register('amount')}
              maxLength={12}
              autoComplete="off"
            />
          </FormField>
          <FormField formId={id} name="method" label={t('STAFF.METHOD')} error={errors.method} className="col-12 col-sm-6 col-lg-3">
            <select className="form-select" {...invalidProps(id, 'method', errors.method)} {...register('method')}>
              {PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {t(`METHOD.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField formId={id} name="paidAt" label={t('STAFF.PAID_AT')} error={errors.paidAt} className="col-12 col-sm-6 col-lg-3" required>
            <input type="date" className={`form-control${errors.paidAt ? ' is-invalid' : ''}`} {...invalidProps(id, 'paidAt', errors.paidAt)} {...register('paidAt')} />
          </FormField>
          {concept === 'cuota' ? (
            <FormField formId={id} name="periodEnd" label={t('STAFF.PERIOD_END')} error={errors.periodEnd} className="col-12 col-sm-6 col-lg-3" required>
              <input type="date" className={`form-control${errors.periodEnd ? ' is-invalid' : ''}`} {...invalidProps(id, 'periodEnd', errors.periodEnd)} {...register('periodEnd')} />
            </FormField>
          ) : null}
          {concept === 'bono' ? (
            <FormField formId={id} name="classes" label={t('STAFF.CLASSES')} error={errors.classes} className="col-12 col-sm-6 col-lg-3" required>
              <input
                type="number"
                min={1}
                max={PAYMENT_LIMITS.maxClasses}
                className={`form-control${errors.classes ? ' is-invalid' : ''}`}
                {...invalidProps(id, 'classes', errors.classes)}
                {...register('classes')}
              />
            </FormField>
          ) : null}
          {concept === 'evento' ? (
            <EventPicker formId={id} around={paidAt} chosen={feeEvent} onChoose={setFeeEvent} />
          ) : null}
          <FormField formId={id} name="reference" label={t('STAFF.REFERENCE')} error={errors.reference} className="col-12 col-lg-6" limits={{ max: PAYMENT_LIMITS.referenceMax }}>
            <input
              className={`form-control${errors.reference ? ' is-invalid' : ''}`}
              {...invalidProps(id, 'reference', errors.reference)}
              {...register('reference')}
              maxLength={PAYMENT_LIMITS.referenceMax}
              autoComplete="off"
            />
          </FormField>
          <div className="col-12 d-flex flex-wrap gap-2 align-items-start">
            {failure ? <FormAlert className="w-100">{failure}</FormAlert> : null}
            <Button type="submit" variant="primary" disabled={record.isPending}>
              {t('STAFF.SAVE')}
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}

/** Text as compared by the event search: lower case, without accents. */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** How many days apart two yyyy-MM-dd days are. */
function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/** Days before and after the payment's day whose events an event fee may be for. */
const FEE_EVENTS_BEFORE = 120;
const FEE_EVENTS_AFTER = 120;
const FEE_EVENTS_SHOWN = 8;

/**
 * The event an event fee is for: staff type part of its title or its date (31/12, 2025-12-31)
 * and pick it from the events around the payment's day, nearest first. Optional: a fee for
 * something outside the club's calendar is recorded without one.
 */
function EventPicker({
  formId,
  around,
  chosen,
  onChoose,
}: {
  formId: string;
  around: string;
  chosen: ClubEvent | null;
  onChoose(event: ClubEvent | null): void;
}) {
  const { t, i18n } = useTranslation(['membership', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const [text, setText] = useState('');
  const day = /^\d{4}-\d{2}-\d{2}$/.test(around) ? around : clubToday(new Date());
  const from = addDays(day, -FEE_EVENTS_BEFORE);
  const to = addDays(day, FEE_EVENTS_AFTER);
  const events = useFeeEvents(from, to, chosen === null);
  const words = searchable(text.trim()).split(/\s+/).filter(Boolean);
  const matches =
    words.length === 0
      ? []
      : (events.data ?? [])
          .filter((event) => {
            const date = eventDate(event.start);
            const [y, m, d] = date.split('-');
            const haystack = searchable(`${event.evento} ${date} ${d}/${m}/${y} ${Number(d)}/${Number(m)} ${formatDay(date, language)}`);
            return words.every((word) => haystack.includes(word));
          })
          .sort((a, b) => daysApart(eventDate(a.start), day) - daysApart(eventDate(b.start), day))
          .slice(0, FEE_EVENTS_SHOWN);
  const label = (event: ClubEvent) => `${formatDay(eventDate(event.start), language)} ${event.start.slice(11, 16)} · ${event.evento}`;
  if (chosen) {
    return (
      <div className="col-12">
        <p className="mb-0 d-flex flex-wrap gap-2 align-items-center" data-testid="payment-event">
          <span>{t('STAFF.EVENT_CHOSEN', { event: label(chosen) })}</span>
          <Button size="sm" variant="link" onClick={() => onChoose(null)}>
            {t('STAFF.EVENT_CHANGE')}
          </Button>
        </p>
      </div>
    );
  }
  return (
    <div className="col-12">
      <Form.Label htmlFor={`${formId}-event`}>{t('STAFF.EVENT_SEARCH')}</Form.Label>
      <Form.Control
        id={`${formId}-event`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        maxLength={100}
        aria-describedby={`${formId}-event-hint`}
      />
      <div id={`${formId}-event-hint`} className="form-text">
        {t('STAFF.EVENT_HINT')}
      </div>
      {events.isError ? <p className="small text-danger mt-2 mb-0">{t('ERRORS.GENERIC')}</p> : null}
      {words.length > 0 && events.isSuccess && matches.length === 0 ? <p className="small mt-2 mb-0">{t('STAFF.EVENT_NO_MATCHES')}</p> : null}
      {matches.length > 0 ? (
        <ul className="list-group mt-2 payments-candidates" aria-label={t('STAFF.EVENT_MATCHES')}>
          {matches.map((event) => (
            <li key={event.uuid} className="list-group-item p-0">
              <button type="button" className="btn btn-link w-100 text-start" onClick={() => onChoose(event)}>
                {label(event)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
