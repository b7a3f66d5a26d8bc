import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventStatus, EventType } from '@club/contract/enums';
import type { ClubEvent } from '@club/contract/schemas';
import { toastStore } from '../../../lib/toasts.ts';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { EventFormModal } from './event-form-modal.tsx';
import { eventFormSchema, newEventValues, valuesFromEvent } from './event-form-schema.ts';
import type { EventFormValues } from './event-form-schema.ts';

// A shared machine can take over 5 s for a test that types a whole form.
vi.setConfig({ testTimeout: 30_000 });

// The form also reads the club library for its stage select; the tests count what it sends.
const writes = <T extends { method: string }>(calls: T[]) => calls.filter((call) => call.method !== 'GET');

function createdEvent(body: Record<string, unknown>, start: string): ClubEvent {
  return {
    uuid: '11111111-1111-4111-8111-111111111111',
    type: body.type as ClubEvent['type'],
    start,
    end: String(body.end),
    evento: String(body.evento),
    nota: (body.nota as string | null) ?? null,
    plazas: Number(body.plazas),
    plazasLibres: Number(body.plazas),
    status: body.status as ClubEvent['status'],
    soloLectura: Boolean(body.soloLectura),
    participantes: [],
  };
}

function renderForm(
  initialValues: EventFormValues,
  props: Partial<Parameters<typeof EventFormModal>[0]> = {},
) {
  const onClose = vi.fn();
  renderWithProviders(<EventFormModal mode="create" initialValues={initialValues} onClose={onClose} {...props} />, {
    language: 'en',
    areas: ['admin'],
  });
  return { onClose, user: userEvent.setup() };
}

function setValue(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('EventFormModal', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    toastStore.set([]);
  });
  afterEach(() => {
    // Modals live in portals on document.body; without globals Testing Library does not clean up itself.
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows no message before the first submit, then one on every faulty field, and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { user } = renderForm({ ...newEventValues('2025-05-14'), startTime: '' });
    setValue('Seats', '-1');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(
      await screen.findByText('The event cannot be saved yet: correct the marked fields.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Start time')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Seats')).toHaveAccessibleDescription(
      'Enter a whole number from 0 to 1000.',
    );
    expect(writes(calls)).toHaveLength(0);
  });

  it('refuses an end before the start, on the end field, with a clear message', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { user } = renderForm(newEventValues('2025-05-14'));
    await user.selectOptions(screen.getByLabelText('Type'), String(EventType.ipscSocialShoot));
    await user.type(screen.getByLabelText('Title'), 'Tirada social');
    setValue('Start time', '20:00');
    setValue('End time', '19:30');

    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('The end must be after the start.')).toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toHaveAccessibleDescription('The end must be after the start.');
    expect(screen.getByLabelText('Start date')).not.toHaveAccessibleDescription();
    expect(writes(calls)).toHaveLength(0);

    // Correcting the field clears its message at once (messages re-validate after the first submit).
    setValue('End time', '21:30');
    await waitFor(() =>
      expect(screen.queryByText('The end must be after the start.')).not.toBeInTheDocument(),
    );
  });

  it('names the clock change under the start time and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const { user } = renderForm(newEventValues('2027-03-28'));
    await user.selectOptions(screen.getByLabelText('Type'), String(EventType.ipscSocialShoot));
    await user.type(screen.getByLabelText('Title'), 'Tirada nocturna');
    setValue('Start time', '02:30');
    setValue('End time', '04:00');

    await user.click(screen.getByRole('button', { name: 'Create' }));

    const message =
      'On 28/03/2027 at 02:00 the clocks in Europe/Madrid go forward one hour to 03:00: 02:30 does not exist that day.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Start time')).toHaveAccessibleDescription(message);
    expect(writes(calls)).toHaveLength(0);
  });

  it('sends the contract body in club wall time, with the weekly repeat, and closes', async () => {
    const calls = stubFetch((call) => {
      const body = call.body as Record<string, unknown>;
      return {
        status: 201,
        body: [createdEvent(body, String(body.start)), createdEvent(body, '2025-05-21 19:00:00')],
      };
    });
    const { user, onClose } = renderForm(newEventValues('2025-05-14'));
    await user.selectOptions(screen.getByLabelText('Type'), String(EventType.precisionTraining));
    await user.type(screen.getByLabelText('Title'), '  Entreno de precisión  ');
    setValue('Start time', '19:00');
    setValue('End time', '21:00');
    setValue('Seats', '12');
    await user.selectOptions(screen.getByLabelText('Visibility'), String(EventStatus.privado));
    await user.type(screen.getByLabelText('Note'), 'Traer gafas,\n"y" orejeras');
    await user.click(screen.getByLabelText('Repeat every week at the same time'));
    setValue('Number of weeks', '2');

    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]).toMatchObject({ url: '/api/admin/events/', method: 'POST' });
    expect(writes(calls)[0].body).toEqual({
      type: EventType.precisionTraining,
      start: '2025-05-14 19:00:00',
      end: '2025-05-14 21:00:00',
      evento: 'Entreno de precisión',
      nota: 'Traer gafas,\n"y" orejeras',
      plazas: 12,
      status: EventStatus.privado,
      soloLectura: false,
      repeatWeeks: 2,
    });
  });

  it('shows the server field errors on their fields', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        errorCode: 'VALIDATION_ERROR',
        message: 'bad',
        fields: { start: ['date'], evento: ['maxlength'] },
      },
    }));
    const event: ClubEvent = createdEvent(
      {
        type: EventType.clubPractices,
        end: '2025-05-14 21:00:00',
        evento: 'Prácticas',
        plazas: 8,
        status: EventStatus.publico,
      },
      '2025-05-14 19:00:00',
    );
    const { user, onClose } = renderForm(valuesFromEvent(event), { mode: 'edit', event });
    setValue('Title', 'Prácticas de tarde');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Start date')).toHaveAccessibleDescription('Enter a valid date.'),
    );
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      'Must be at most 200 characters long.',
    );
    expect(onClose).not.toHaveBeenCalled();
    // Decision 0030: the fields and one summary say it, the first field takes the focus, no toast
    // repeats it, and what was typed stays.
    expect(screen.getAllByText('The event cannot be saved yet: correct the marked fields.')).toHaveLength(1);
    expect(screen.getByLabelText('Start date')).toHaveFocus();
    expect(screen.queryByTestId('event-form-refusal')).toBeNull();
    expect(toastStore.get()).toEqual([]);
    expect(screen.getByLabelText('Title')).toHaveValue('Prácticas de tarde');
  });
  it('says a refusal no field speaks for once, beside the submit button, and keeps what was typed', async () => {
    stubFetch((call) => (call.method === 'GET' ? { body: [] } : { status: 403, body: { errorCode: 'FORBIDDEN', message: 'staff only' } }));
    const { user, onClose } = renderForm(newEventValues('2025-05-14'));
    await user.selectOptions(screen.getByLabelText('Type'), String(EventType.clubPractices));
    await user.type(screen.getByLabelText('Title'), 'Prácticas de mañana');
    setValue('Start time', '10:00');
    setValue('End time', '12:00');

    await user.click(screen.getByRole('button', { name: 'Create' }));

    const alert = await screen.findByTestId('event-form-refusal');
    expect(alert).toHaveTextContent('You are not allowed to do this.');
    expect(alert).toHaveFocus();
    expect(screen.getAllByText('You are not allowed to do this.')).toHaveLength(1);
    expect(screen.queryByText('The event cannot be saved yet: correct the marked fields.')).toBeNull();
    expect(toastStore.get()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('Prácticas de mañana');
    expect(screen.getByLabelText('Start time')).toHaveValue('10:00');
  });
  it('explains a refusal to go below the seats already taken, on the seats field', async () => {
    stubFetch(() => ({
      status: 409,
      body: { errorCode: 'EVENT_FULL', message: 'plazas too low', fields: { plazas: ['unknown'] } },
    }));
    const event: ClubEvent = {
      ...createdEvent(
        {
          type: EventType.clubPractices,
          end: '2025-05-14 21:00:00',
          evento: 'Prácticas',
          plazas: 8,
          status: EventStatus.publico,
        },
        '2025-05-14 19:00:00',
      ),
      plazasLibres: 5,
    };
    const { user } = renderForm(valuesFromEvent(event), { mode: 'edit', event });
    setValue('Seats', '2');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Seats')).toHaveAccessibleDescription(
        'Fewer seats than the 3 already taken: cancel registrations first.',
      ),
    );
  });
  it('offers the series scope only for an event of a series, sends scope=following when chosen, and reports the saved event', async () => {
    const base = createdEvent(
      {
        type: EventType.clubPractices,
        end: '2025-05-14 21:00:00',
        evento: 'Clase semanal',
        plazas: 8,
        status: EventStatus.publico,
      },
      '2025-05-14 19:00:00',
    );
    const calls = stubFetch((call) => (call.method === 'PUT' ? { status: 200, body: base } : { status: 200, body: [] }));
    const lone = renderForm(valuesFromEvent(base), { mode: 'edit', event: base });
    expect(screen.queryByRole('group', { name: 'Apply the changes to' })).not.toBeInTheDocument();
    await lone.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url).toBe(`/api/admin/events/${base.uuid}/`);
    cleanup();

    const inSeries: ClubEvent = { ...base, seriesId: '22222222-2222-4222-8222-222222222222' };
    const onSaved = vi.fn();
    const { user } = renderForm(valuesFromEvent(inSeries), { mode: 'edit', event: inSeries, onSaved });
    const scope = screen.getByRole('group', { name: 'Apply the changes to' });
    expect(screen.getByLabelText('Only this event')).toBeChecked();
    expect(scope).toHaveAccessibleDescription(/keep their own day/);
    await user.click(screen.getByLabelText('This and the following events of the series'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url).toBe(`/api/admin/events/${base.uuid}/?scope=following`);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ uuid: base.uuid })));
  });
});

describe('eventFormSchema', () => {
  const schema = eventFormSchema('create');
  const valid: EventFormValues = {
    ...newEventValues('2025-05-14'),
    type: String(EventType.masterClass),
    evento: 'Clase',
  };

  function errorsOf(values: EventFormValues): Record<string, string> {
    const result = schema.safeParse(values);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  }

  it('accepts a valid form and outputs the body', () => {
    const result = schema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      start: '2025-05-14 18:00:00',
      end: '2025-05-14 20:00:00',
      plazas: 10,
      nota: null,
    });
  });

  it('refuses dates that do not exist and times out of range', () => {
    expect(errorsOf({ ...valid, startDate: '2025-02-30', endDate: '2025-03-01' })).toEqual({
      startDate: 'date',
    });
    expect(errorsOf({ ...valid, startDate: '2023-02-29', endDate: '2023-02-29' })).toEqual({
      startDate: 'date',
      endDate: 'date',
    });
    expect(errorsOf({ ...valid, endTime: '24:30' })).toEqual({ endTime: 'date' });
    expect(errorsOf({ ...valid, startDate: '2024-02-29', endDate: '2024-02-29' })).toEqual({});
  });

  it('refuses negative, fractional or missing seats and keeps 0', () => {
    expect(errorsOf({ ...valid, plazas: '-1' })).toEqual({ plazas: 'outOfRange' });
    expect(errorsOf({ ...valid, plazas: '2.5' })).toEqual({ plazas: 'type' });
    expect(errorsOf({ ...valid, plazas: '' })).toEqual({ plazas: 'required' });
    expect(errorsOf({ ...valid, plazas: '0' })).toEqual({});
  });

  it('compares end with start across days, and equal times are refused', () => {
    expect(errorsOf({ ...valid, endDate: '2025-05-13', endTime: '23:00' })).toEqual({
      endDate: 'endBeforeStart',
    });
    expect(errorsOf({ ...valid, endTime: '18:00' })).toEqual({ endDate: 'endBeforeStart' });
    expect(errorsOf({ ...valid, endDate: '2025-05-15', endTime: '01:00' })).toEqual({});
  });

  it('checks the number of weeks only when repeating', () => {
    expect(errorsOf({ ...valid, repeat: true, repeatWeeks: '53' })).toEqual({ repeatWeeks: 'outOfRange' });
    expect(errorsOf({ ...valid, repeat: false, repeatWeeks: '53' })).toEqual({});
  });

  it('refuses times the club clock skips or repeats, on the time field', () => {
    expect(errorsOf({ ...valid, startDate: '2027-03-28', endDate: '2027-03-28', startTime: '02:30', endTime: '04:00' })).toEqual({
      startTime: 'clockChange',
    });
    expect(errorsOf({ ...valid, startDate: '2027-10-31', endDate: '2027-10-31', startTime: '01:00', endTime: '02:30' })).toEqual({
      endTime: 'clockChange',
    });
    // A weekly series that lands on the spring change two weeks later.
    expect(
      errorsOf({ ...valid, startDate: '2027-03-14', endDate: '2027-03-14', startTime: '02:30', endTime: '04:00', repeat: true, repeatWeeks: '4' }),
    ).toEqual({ startTime: 'clockChange' });
  });
});
