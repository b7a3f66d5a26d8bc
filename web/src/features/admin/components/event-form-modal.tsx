import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { EVENT_STATUSES, EVENT_TYPES } from '@club/contract/enums';
import type { AdminEventBody, ClubEvent, EventScope } from '@club/contract/schemas';
import { MESSAGES_NAMESPACE } from '@club/contract/messages';
import { messageOfFieldError } from '../../../lib/forms/field-error.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { useCreateEvent } from '../api/create-event.ts';
import { libraryText, useLibrary } from '../../../lib/library/library-stage.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import { errorMessageKey } from '../errors.ts';
import { activeRegistrations } from '../participants.ts';
import { CLUB_TIMEZONE } from '@club/contract/club-time';
import {
  CLOCK_CHANGE,
  END_BEFORE_START,
  clockChangeMessage,
  EVENT_FORM_LIMITS,
  OUT_OF_RANGE,
  SEATS_BELOW_TAKEN,
  eventFormSchema,
  formErrorsFromServer,
} from './event-form-schema.ts';
import type { EventFormField, EventFormMode, EventFormValues } from './event-form-schema.ts';
import { ScopeChoice } from './scope-choice.tsx';

// An end-before-start message sits on the end date: changing any of the four re-checks all four.
const TIME_DEPS: EventFormField[] = ['startDate', 'startTime', 'endDate', 'endTime'];

export interface EventFormModalProps {
  mode: EventFormMode;
  /** 'repeat' only changes the title: a copy of an event, a week later, repeated weekly. */
  purpose?: 'new' | 'edit' | 'repeat';
  initialValues: EventFormValues;
  event?: ClubEvent;
  onClose(): void;
  /** After a save: the event created (the first of a series) or changed. */
  onSaved?(event: ClubEvent): void;
}

/** Creates, edits or repeats an event; every field of SPEC §3, checked by the contract's rules. */
export function EventFormModal({
  mode,
  purpose = mode === 'edit' ? 'edit' : 'new',
  initialValues,
  event,
  onClose,
  onSaved,
}: EventFormModalProps) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const library = useLibrary();
  const formId = useId();
  const schema = useMemo(() => eventFormSchema(mode), [mode]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    getValues,
    setValue,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<EventFormValues, unknown, AdminEventBody>({
    resolver: zodResolver(schema),
    defaultValues: initialValues,
  });
  // The stage list arrives after the form: a select cannot show an option it does not have yet,
  // so once the list is in, the chosen stage is set again and shows (not "None").
  const stages = library.data;
  useEffect(() => {
    if (stages) setValue('stageId', getValues('stageId'));
  }, [stages, getValues, setValue]);
  const [scope, setScope] = useState<EventScope>('this');
  // The server's own words for a clock change the form cannot see (a later event of a series).
  const [serverClockMessage, setServerClockMessage] = useState<string | undefined>();
  // A refusal no field speaks for, said once beside the submit button (decision 0030).
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const repeat = watch('repeat');
  const failed = submitCount > 0 && Object.keys(errors).length > 0;

  const messageOf = (field: EventFormField, error: FieldError | undefined): string | undefined => {
    const code = error?.message;
    if (!code) return undefined;
    if (code === END_BEFORE_START) return t('admin:EVENTS.FORM.ERRORS.END_BEFORE_START');
    if (code === CLOCK_CHANGE) {
      return (
        clockChangeMessage(getValues(), mode, field, i18n.resolvedLanguage ?? i18n.language) ??
        serverClockMessage ??
        t('admin:ERRORS.TIME_NOT_IN_CLUB_ZONE')
      );
    }
    if (code === SEATS_BELOW_TAKEN)
      return t('admin:EVENTS.FORM.ERRORS.SEATS_BELOW_TAKEN', {
        count: event ? event.plazas - event.plazasLibres : 0,
      });
    if (code === OUT_OF_RANGE && field === 'plazas')
      return t('admin:EVENTS.FORM.ERRORS.SEATS_RANGE', EVENT_FORM_LIMITS.plazas);
    if (code === OUT_OF_RANGE && field === 'repeatWeeks')
      return t('admin:EVENTS.FORM.ERRORS.WEEKS_RANGE', EVENT_FORM_LIMITS.repeatWeeks);
    if (field === 'plazas' && code === 'type')
      return t('admin:EVENTS.FORM.ERRORS.SEATS_RANGE', EVENT_FORM_LIMITS.plazas);
    if (field === 'repeatWeeks' && code === 'type')
      return t('admin:EVENTS.FORM.ERRORS.WEEKS_RANGE', EVENT_FORM_LIMITS.repeatWeeks);
    const { key, params } = messageOfFieldError(
      error,
      field === 'evento' || field === 'nota' ? EVENT_FORM_LIMITS[field] : undefined,
    );
    return t(key, { ...params, ns: MESSAGES_NAMESPACE });
  };

  const onSubmit = async (body: AdminEventBody) => {
    setRefusal(null);
    try {
      if (mode === 'create') {
        const created = await create.mutateAsync(body);
        showToast({
          title: t('admin:EVENTS.SAVED_TITLE'),
          message: toastMessage(t, 'admin:EVENTS.CREATED', { count: created.length }),
        });
        onClose();
        if (created[0]) onSaved?.(created[0]);
      } else if (event) {
        const { repeatWeeks: _ignored, ...fields } = body;
        const changeScope = event.seriesId ? scope : 'this';
        const saved = await update.mutateAsync({ uuid: event.uuid, body: fields, scope: changeScope });
        showToast({
          title: t('admin:EVENTS.SAVED_TITLE'),
          message: t(changeScope === 'following' ? 'admin:EVENTS.UPDATED_SERIES' : 'admin:EVENTS.UPDATED'),
        });
        onClose();
        onSaved?.(saved);
      }
    } catch (error) {
      if (error instanceof ApiCallError && error.errorCode === 'TIME_NOT_IN_CLUB_ZONE') {
        // Said once, under the time it is about (decision 0030).
        setServerClockMessage(error.message);
        setError(error.fields?.end && !error.fields.start ? 'endTime' : 'startTime', {
          type: 'server',
          message: CLOCK_CHANGE,
        });
        return;
      }
      // Each refusal is said once (decision 0030): under the fields it is about, which the form's
      // summary above sums up, or else beside the submit button. What was typed stays.
      const placed = error instanceof ApiCallError && error.fields ? formErrorsFromServer(error.fields, getValues()) : [];
      for (const [field, code] of placed) setError(field, { type: 'server', message: code });
      // The server refuses fewer seats than are taken with EVENT_FULL on `plazas`.
      if (error instanceof ApiCallError && error.errorCode === 'EVENT_FULL' && error.fields?.plazas) {
        setError('plazas', { type: 'server', message: SEATS_BELOW_TAKEN });
        setFocus('plazas');
      } else if (placed[0]) {
        setFocus(placed[0][0]);
      } else {
        setRefusal(t(errorMessageKey(error)));
      }
    }
  };

  const field = (name: EventFormField) => {
    const error = errors[name];
    const message = messageOf(name, error);
    return {
      id: `${formId}-${name}`,
      isInvalid: Boolean(message),
      feedback: message ? (
        <Form.Control.Feedback type="invalid" id={`${formId}-${name}-error`}>
          {message}
        </Form.Control.Feedback>
      ) : null,
      describedBy: message ? `${formId}-${name}-error` : undefined,
    };
  };

  const f = {
    type: field('type'),
    startDate: field('startDate'),
    startTime: field('startTime'),
    endDate: field('endDate'),
    endTime: field('endTime'),
    evento: field('evento'),
    nota: field('nota'),
    plazas: field('plazas'),
    status: field('status'),
    repeatWeeks: field('repeatWeeks'),
    stageId: field('stageId'),
  };
  const title =
    purpose === 'edit'
      ? t('admin:EVENTS.FORM.EDIT_TITLE')
      : purpose === 'repeat'
        ? t('admin:EVENTS.FORM.REPEAT_TITLE')
        : t('admin:EVENTS.FORM.CREATE_TITLE');
  const registered = event ? activeRegistrations(event) : 0;

  return (
    <Modal
      show
      onHide={onClose}
      size="lg"
      fullscreen="sm-down"
      aria-labelledby={`${formId}-title`}
      backdrop="static"
    >
      <Modal.Header closeButton closeLabel={t('common:ACTIONS.CLOSE')}>
        <Modal.Title id={`${formId}-title`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby={`${formId}-title`}>
        <Modal.Body>
          {failed ? (
            <Alert variant="danger" className="py-2">
              {t('admin:EVENTS.FORM.FAILED')}
            </Alert>
          ) : null}
          {mode === 'edit' && event?.seriesId ? (
            <ScopeChoice purpose="edit" value={scope} onChange={setScope} />
          ) : null}
          {mode === 'edit' && registered > 0 ? (
            <Alert variant="info" className="py-2">
              {t('admin:EVENTS.FORM.HAS_REGISTRATIONS', { count: registered })}
            </Alert>
          ) : null}
          <Row className="g-3">
            <Col xs={12} md={6}>
              <Form.Group controlId={f.type.id}>
                <Form.Label>{t('admin:EVENTS.FORM.TYPE')}</Form.Label>
                <Form.Select
                  {...register('type')}
                  isInvalid={f.type.isInvalid}
                  aria-describedby={f.type.describedBy}
                >
                  <option value="">{t('admin:EVENTS.FORM.CHOOSE')}</option>
                  {EVENT_TYPES.map((type) => (
                    <option key={type} value={String(type)}>
                      {t(`common:ENUMS.EVENT_TYPE.${type}`)}
                    </option>
                  ))}
                </Form.Select>
                {f.type.feedback}
              </Form.Group>
            </Col>
            <Col xs={12} md={6}>
              <Form.Group controlId={f.evento.id}>
                <Form.Label>{t('admin:EVENTS.FORM.EVENTO')}</Form.Label>
                <Form.Control
                  {...register('evento')}
                  maxLength={EVENT_FORM_LIMITS.evento.max}
                  isInvalid={f.evento.isInvalid}
                  aria-describedby={f.evento.describedBy}
                  autoComplete="off"
                />
                {f.evento.feedback}
              </Form.Group>
            </Col>
            <Col xs={12}>
              <p className="form-text mb-0">{t('admin:CLUB_TIME', { zone: CLUB_TIMEZONE })}</p>
            </Col>
            <Col xs={7} md={3}>
              <Form.Group controlId={f.startDate.id}>
                <Form.Label>{t('admin:EVENTS.FORM.START_DATE')}</Form.Label>
                <Form.Control
                  type="date"
                  {...register('startDate', { deps: TIME_DEPS })}
                  isInvalid={f.startDate.isInvalid}
                  aria-describedby={f.startDate.describedBy}
                />
                {f.startDate.feedback}
              </Form.Group>
            </Col>
            <Col xs={5} md={3}>
              <Form.Group controlId={f.startTime.id}>
                <Form.Label>{t('admin:EVENTS.FORM.START_TIME')}</Form.Label>
                <Form.Control
                  type="time"
                  {...register('startTime', { deps: TIME_DEPS })}
                  isInvalid={f.startTime.isInvalid}
                  aria-describedby={f.startTime.describedBy}
                />
                {f.startTime.feedback}
              </Form.Group>
            </Col>
            <Col xs={7} md={3}>
              <Form.Group controlId={f.endDate.id}>
                <Form.Label>{t('admin:EVENTS.FORM.END_DATE')}</Form.Label>
                <Form.Control
                  type="date"
                  {...register('endDate', { deps: TIME_DEPS })}
                  isInvalid={f.endDate.isInvalid}
                  aria-describedby={f.endDate.describedBy}
                />
                {f.endDate.feedback}
              </Form.Group>
            </Col>
            <Col xs={5} md={3}>
              <Form.Group controlId={f.endTime.id}>
                <Form.Label>{t('admin:EVENTS.FORM.END_TIME')}</Form.Label>
                <Form.Control
                  type="time"
                  {...register('endTime', { deps: TIME_DEPS })}
                  isInvalid={f.endTime.isInvalid}
                  aria-describedby={f.endTime.describedBy}
                />
                {f.endTime.feedback}
              </Form.Group>
            </Col>
            <Col xs={12}>
              <Form.Group controlId={f.nota.id}>
                <Form.Label>{t('admin:EVENTS.FORM.NOTA')}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  {...register('nota')}
                  maxLength={EVENT_FORM_LIMITS.nota.max}
                  isInvalid={f.nota.isInvalid}
                  aria-describedby={f.nota.describedBy ?? `${f.nota.id}-help`}
                />
                <Form.Text id={`${f.nota.id}-help`}>{t('admin:EVENTS.FORM.NOTA_HELP')}</Form.Text>
                {f.nota.feedback}
              </Form.Group>
            </Col>
            <Col xs={12}>
              <Form.Group controlId={f.stageId.id}>
                <Form.Label>{t('admin:EVENTS.FORM.STAGE')}</Form.Label>
                <Form.Select
                  {...register('stageId')}
                  isInvalid={f.stageId.isInvalid}
                  aria-describedby={f.stageId.describedBy ?? `${f.stageId.id}-help`}
                >
                  <option value="">{t('admin:EVENTS.FORM.STAGE_NONE')}</option>
                  {(library.data ?? []).map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {libraryText(entry, i18n.language).name}
                    </option>
                  ))}
                </Form.Select>
                <Form.Text id={`${f.stageId.id}-help`}>{t('admin:EVENTS.FORM.STAGE_HELP')}</Form.Text>
                {f.stageId.feedback}
              </Form.Group>
            </Col>
            <Col xs={6} md={3}>
              <Form.Group controlId={f.plazas.id}>
                <Form.Label>{t('admin:EVENTS.FORM.PLAZAS')}</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={EVENT_FORM_LIMITS.plazas.min}
                  max={EVENT_FORM_LIMITS.plazas.max}
                  step={1}
                  {...register('plazas')}
                  isInvalid={f.plazas.isInvalid}
                  aria-describedby={f.plazas.describedBy ?? `${f.plazas.id}-help`}
                />
                <Form.Text id={`${f.plazas.id}-help`}>{t('admin:EVENTS.FORM.PLAZAS_HELP')}</Form.Text>
                {f.plazas.feedback}
              </Form.Group>
            </Col>
            <Col xs={6} md={4}>
              <Form.Group controlId={f.status.id}>
                <Form.Label>{t('admin:EVENTS.FORM.STATUS')}</Form.Label>
                <Form.Select
                  {...register('status')}
                  isInvalid={f.status.isInvalid}
                  aria-describedby={f.status.describedBy ?? `${f.status.id}-help`}
                >
                  {EVENT_STATUSES.map((status) => (
                    <option key={status} value={String(status)}>
                      {t(`common:ENUMS.EVENT_STATUS.${status}`)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Text id={`${f.status.id}-help`}>{t('admin:EVENTS.FORM.STATUS_HELP')}</Form.Text>
                {f.status.feedback}
              </Form.Group>
            </Col>
            <Col xs={12} md={5}>
              <Form.Check
                type="switch"
                id={`${formId}-soloLectura`}
                className="mt-md-4"
                {...register('soloLectura')}
                label={t('admin:EVENTS.FORM.SOLO_LECTURA')}
                aria-describedby={`${formId}-soloLectura-help`}
              />
              <Form.Text id={`${formId}-soloLectura-help`}>
                {t('admin:EVENTS.FORM.SOLO_LECTURA_HELP')}
              </Form.Text>
            </Col>
            {mode === 'create' ? (
              <Col xs={12}>
                <fieldset className="admin-repeat border rounded p-3">
                  <legend className="float-none w-auto px-2 fs-6 mb-0">
                    {t('admin:EVENTS.FORM.REPEAT_LEGEND')}
                  </legend>
                  <Form.Check
                    type="checkbox"
                    id={`${formId}-repeat`}
                    {...register('repeat')}
                    label={t('admin:EVENTS.FORM.REPEAT')}
                  />
                  {repeat ? (
                    <Form.Group controlId={f.repeatWeeks.id} className="mt-2 admin-repeat-weeks">
                      <Form.Label>{t('admin:EVENTS.FORM.REPEAT_WEEKS')}</Form.Label>
                      <Form.Control
                        type="number"
                        inputMode="numeric"
                        min={EVENT_FORM_LIMITS.repeatWeeks.min}
                        max={EVENT_FORM_LIMITS.repeatWeeks.max}
                        step={1}
                        {...register('repeatWeeks')}
                        isInvalid={f.repeatWeeks.isInvalid}
                        aria-describedby={f.repeatWeeks.describedBy ?? `${f.repeatWeeks.id}-help`}
                      />
                      <Form.Text id={`${f.repeatWeeks.id}-help`}>
                        {t('admin:EVENTS.FORM.REPEAT_HELP', EVENT_FORM_LIMITS.repeatWeeks)}
                      </Form.Text>
                      {f.repeatWeeks.feedback}
                    </Form.Group>
                  ) : null}
                </fieldset>
              </Col>
            ) : null}
          </Row>
        </Modal.Body>
        <Modal.Footer>
          {refusal !== null ? (
            <FormAlert testId="event-form-refusal" className="w-100 mb-2">
              {refusal}
            </FormAlert>
          ) : null}
          <Button variant="outline-secondary" onClick={onClose}>
            {t('common:ACTIONS.CANCEL')}
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {mode === 'create' ? t('admin:EVENTS.FORM.CREATE') : t('admin:EVENTS.FORM.SAVE')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
