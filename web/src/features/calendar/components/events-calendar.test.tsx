import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastType } from '@club/contract/enums';
import type { ClubEvent, User } from '@club/contract/schemas';
import { toastStore } from '../../../lib/toasts.ts';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import type { FetchCall } from '../../../test/render.tsx';
import { makeUser } from '../../../test/users.ts';
import { makeEvent, storeSession } from '../calendar-test-data.ts';
import type * as CalendarFormat from '../calendar-format.ts';
import { EventsCalendar } from './events-calendar.tsx';

// Each day of the grid names its date once per drawing (longDate): counting the calls counts the
// days drawn.
const longDates = vi.hoisted(() => ({ count: 0 }));
vi.mock('../calendar-format.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof CalendarFormat>();
  return {
    ...actual,
    longDate: (...args: Parameters<typeof actual.longDate>) => {
      longDates.count += 1;
      return actual.longDate(...args);
    },
  };
});

const renderCalendar = () =>
  renderWithProviders(<EventsCalendar />, { route: '/calendar', language: 'en', areas: ['calendar', 'events-calendar'] });

// Role queries over a 42-day grid are slow in jsdom; give them room on a shared machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

// 12 March 2025, 12:00 in Madrid.
const NOW = new Date('2025-03-12T11:00:00Z');

const shoot = makeEvent({
  uuid: 'shoot',
  type: 3,
  start: '2025-03-15 09:00:00',
  evento: 'Club shoot',
  plazas: 20,
  plazasLibres: 12,
  nota: 'Bring 150 rounds',
});
const past = makeEvent({ uuid: 'past', type: 6, start: '2025-03-05 18:00:00', evento: 'Precision night' });
const lesson = makeEvent({
  uuid: 'lesson',
  type: 2,
  status: 1,
  start: '2025-03-20 17:00:00',
  evento: 'Private lesson',
});
const reserved = makeEvent({
  uuid: 'reserved',
  type: 9,
  start: '2025-03-20 10:00:00',
  evento: 'Range booked',
});
const MARCH = [past, shoot, reserved, lesson];

function monthAnswer(events: ClubEvent[], user: User | null = null) {
  return (call: FetchCall) => {
    if (call.url === '/api/active-user/' && user) return { body: { token: 'test-token', user } };
    if (call.url === '/api/2025/3/') return { body: events };
    if (/^\/api\/\d{4}\/\d{1,2}\/$/.test(call.url)) return { body: [] };
    return undefined;
  };
}

/** The chip in the day cell (on a phone the same event also shows as a row in the day's list). */
function chip(name: RegExp): HTMLElement {
  const chips = screen
    .getAllByRole('button', { name })
    .filter((button) => button.classList.contains('cal-chip-chip'));
  expect(chips).toHaveLength(1);
  return chips[0];
}

const monthHeading = () => screen.getByRole('heading', { level: 2, name: /\d{4}$/ });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  toastStore.set([]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('month grid', () => {
  it('lays the month out Monday first, with each chip in its day and the colour of its category', async () => {
    stubFetch(monthAnswer(MARCH));
    const { container } = renderCalendar();
    await screen.findByRole('button', { name: /09:00 Club shoot/ });

    expect(screen.getByRole('heading', { level: 2, name: 'March 2025' })).toBeInTheDocument();
    const weekdays = [...container.querySelectorAll('.cal-weekday')].map((cell) => cell.textContent);
    expect(weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const weeks = container.querySelectorAll('.cal-week');
    expect(weeks).toHaveLength(6);
    expect(weeks[0].querySelector('.cal-day')).toHaveAttribute('data-date', '2025-02-24');
    expect(weeks[0].querySelectorAll('.cal-day')[5]).toHaveAttribute('data-date', '2025-03-01');

    const shootChip = chip(/09:00 Club shoot/);
    expect(shootChip.closest('.cal-day')).toHaveAttribute('data-date', '2025-03-15');
    expect(shootChip).toHaveClass('event-style-competition-ipsc');
    expect(chip(/18:00 Precision night/)).toHaveClass('event-style-expired');
    expect(chip(/10:00 Range booked/)).toHaveClass('event-style-reserved');
    const lessonChip = chip(/17:00 Private lesson/);
    expect(lessonChip).toHaveClass('event-style-private-class');
    expect(within(lessonChip).getByRole('img', { name: 'Private event' })).toBeInTheDocument();
    expect(within(shootChip).queryByRole('img')).toBeNull();
    // Same day, ordered by time.
    const day20 = container.querySelector('[data-date="2025-03-20"]') as HTMLElement;
    expect([...day20.querySelectorAll('.cal-chip-time')].map((node) => node.textContent)).toEqual([
      '10:00',
      '17:00',
    ]);
    // The legend names all twelve categories.
    expect(within(screen.getByRole('region', { name: 'Colour key' })).getAllByRole('listitem')).toHaveLength(
      12,
    );
  });

  it('draws again only the days whose events changed when the month arrives', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubFetch(async (call) => {
      if (call.url !== '/api/2025/3/') return monthAnswer([])(call);
      await held;
      return { body: MARCH };
    });
    const { container } = renderCalendar();
    await waitFor(() => expect(container.querySelectorAll('.cal-day')).toHaveLength(42));
    expect(screen.getByRole('status')).toBeInTheDocument();
    const before = longDates.count;
    await act(async () => release());
    await screen.findByRole('button', { name: /09:00 Club shoot/ });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    // March's four events fall on three days (the 5th, 15th and 20th): the other 39 stay as
    // drawn. Each of the three is drawn once, or twice under React's strict mode (development).
    const drawn = longDates.count - before;
    expect([3, 6]).toContain(drawn);
  });

  it('goes forward at most to the month after next and backward freely', async () => {
    const calls = stubFetch(monthAnswer(MARCH));
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByRole('button', { name: /Club shoot/ });
    const next = screen.getByRole('button', { name: 'Next month' });
    const previous = screen.getByRole('button', { name: 'Previous month' });

    await user.click(next);
    expect(monthHeading()).toHaveTextContent('April 2025');
    await user.click(next);
    expect(monthHeading()).toHaveTextContent('May 2025');
    expect(next).toBeDisabled();
    await user.click(next);
    expect(monthHeading()).toHaveTextContent('May 2025');

    for (let step = 0; step < 5; step += 1) await user.click(previous);
    expect(monthHeading()).toHaveTextContent('December 2024');
    expect(next).toBeEnabled();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/2024/12/'));
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/2025/4/', '/api/2025/5/', '/api/2025/1/']),
    );
    expect(calls.map((call) => call.url)).not.toContain('/api/2025/6/');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(monthHeading()).toHaveTextContent('March 2025');
  });

  it('keeps the month in the address, and back and forward step through the months seen', async () => {
    stubFetch(monthAnswer(MARCH));
    const user = userEvent.setup();
    const { router } = renderCalendar();
    await screen.findByRole('button', { name: /Club shoot/ });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(router.state.location.search).toBe('?month=2025-04');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(router.state.location.search).toBe('?month=2025-05');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(monthHeading()).toHaveTextContent('April 2025');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(monthHeading()).toHaveTextContent('March 2025');
    await act(async () => {
      await router.navigate(1);
    });
    expect(monthHeading()).toHaveTextContent('April 2025');
  });

  it('opens on the month of the address', async () => {
    stubFetch(monthAnswer(MARCH));
    renderWithProviders(<EventsCalendar />, {
      route: '/calendar?month=2025-01',
      language: 'en',
      areas: ['calendar', 'events-calendar'],
    });
    expect(monthHeading()).toHaveTextContent('January 2025');
  });

  it('gives each chip its whole title on hover and to screen readers', async () => {
    const long = makeEvent({
      uuid: 'long',
      type: 4,
      start: '2025-03-18 18:00:00',
      evento: 'Entrenamiento de precisión a 25 metros',
    });
    stubFetch(monthAnswer([long]));
    renderCalendar();
    await screen.findByRole('button', { name: /Entrenamiento de precisión a 25 metros/ });
    const longChip = chip(/Entrenamiento de precisión a 25 metros/);
    expect(longChip).toHaveAttribute('title', '18:00 Entrenamiento de precisión a 25 metros');
    expect(longChip).toHaveAccessibleName('18:00 Entrenamiento de precisión a 25 metros');
  });

  it('still draws the month and shows an error toast when the month fails to load', async () => {
    stubFetch(() => ({ status: 500, body: { errorCode: 'INTERNAL_ERROR', message: 'boom' } }));
    const { container } = renderCalendar();
    await waitFor(() => expect(toastStore.get()).toHaveLength(1));
    expect(toastStore.get()[0]).toMatchObject({ type: ToastType.error, title: 'Calendar' });
    expect(toastStore.get()[0].message).toContain('Server error');
    expect(container.querySelectorAll('.cal-day')).toHaveLength(42);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('details card', () => {
  it('opens under the week of the chosen event, one at a time, and closes on a second click', async () => {
    stubFetch(monthAnswer(MARCH));
    const user = userEvent.setup();
    const { container } = renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Club shoot/ }));

    const shootCard = await screen.findByRole('article', { name: 'Club shoot' });
    // 15 March is in the third week row (10-16 March): its panel holds the card.
    const thirdPanel = container.querySelector('#cal-week-panel-2') as HTMLElement;
    expect(thirdPanel).toHaveAttribute('data-state', 'visible');
    expect(thirdPanel).toContainElement(shootCard);
    expect(shootCard).toHaveClass('is-long');
    expect(chip(/Club shoot/)).toHaveAttribute('aria-expanded', 'true');

    await user.click(chip(/Private lesson/));
    const lessonCard = await screen.findByRole('article', { name: /Private lesson/ });
    expect(container.querySelector('#cal-week-panel-3')).toContainElement(lessonCard);
    expect(thirdPanel).not.toHaveAttribute('data-state', 'visible');
    expect(chip(/Club shoot/)).toHaveAttribute('aria-expanded', 'false');
    expect(lessonCard).not.toHaveClass('is-long');

    await user.click(chip(/Private lesson/));
    expect(container.querySelector('#cal-week-panel-3')).toHaveAttribute('data-state', 'collapsing');
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(container.querySelectorAll('.cal-panel[data-state="visible"]')).toHaveLength(0);
  });

  it('shows an anonymous visitor the event without seats, note, badge or registration form', async () => {
    stubFetch(monthAnswer(MARCH));
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Club shoot/ }));
    const card = await screen.findByRole('article', { name: 'Club shoot' });
    expect(within(card).getByText('IPSC social shoot')).toBeInTheDocument();
    expect(within(card).getByText('Saturday, March 15 · 09:00 – 23:00')).toBeInTheDocument();
    expect(within(card).queryByText(/12 free seats of 20/)).toBeNull();
    expect(within(card).queryByText('Bring 150 rounds')).toBeNull();
    expect(within(card).queryByRole('form')).toBeNull();
    expect(card.querySelector('[data-badge]')).toBeNull();
    // Signing in from the card comes back to this event.
    expect(within(card).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/calendar?month=2025-03&event=shoot')}`,
    );
  });

  it('asks a visitor to sign in only where there is still something to register for', async () => {
    stubFetch(monthAnswer(MARCH));
    const user = userEvent.setup();
    renderCalendar();
    // An event that has started: nothing to register for, nothing to sign in for.
    await user.click(await screen.findByRole('button', { name: /Precision night/ }));
    const past = await screen.findByRole('article', { name: 'Precision night' });
    expect(within(past).queryByRole('link', { name: 'Log in' })).toBeNull();
    // An event that takes no registrations says so, as it does to a member.
    await user.click(chip(/Range booked/));
    const booked = await screen.findByRole('article', { name: 'Range booked' });
    expect(within(booked).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(booked).getByText('This event does not take registrations.')).toBeInTheDocument();
  });
});

describe('registration', () => {
  it('tells an ineligible member what they lack, with the category the rules compute', async () => {
    const member = makeUser({ licencia: null, curso: true });
    storeSession(member);
    stubFetch(monthAnswer(MARCH, member));
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Club shoot/ }));
    const card = await screen.findByRole('article', { name: 'Club shoot' });

    expect(card.querySelector('[data-badge]')).toHaveAttribute('data-badge', 'open');
    expect(card.querySelector('[data-badge]')).toHaveTextContent('Open');
    expect(within(card).getByText('12 free seats of 20')).toBeInTheDocument();
    expect(within(card).getByText('Bring 150 rounds')).toBeInTheDocument();
    // Born 1 January 1970: 55 on 15 March 2025, a man: Senior.
    expect(within(card).getByText('Senior')).toBeInTheDocument();
    const note = within(card).getByRole('note');
    expect(note).toHaveTextContent('You do not meet the requirements of this event');
    // What is missing, each with what to do about it, then what the member can do already.
    const missing = [...note.querySelectorAll('[data-requirement]')];
    expect(missing.map((item) => item.getAttribute('data-requirement'))).toEqual(['licence']);
    expect(missing[0]).toHaveTextContent('Weapons licence: bring it (or a copy) to the club');
    expect(within(missing[0] as HTMLElement).getByRole('link', { name: 'Write to the club' })).toHaveAttribute('href', '/#contact');
    expect(within(note).getByTestId('can-do-now')).toHaveTextContent('Register for: ');
    expect(within(note).getByTestId('can-do-now')).toHaveTextContent('Club practice');
    expect(within(note).getByRole('link', { name: 'Stage library' })).toHaveAttribute('href', '/stages');
    // Nothing that cannot apply is offered, and nothing can be chosen.
    for (const name of ['Register', 'Update', 'Cancel registration'])
      expect(within(card).queryByRole('button', { name })).toBeNull();
    expect(within(card).getByRole('combobox', { name: 'Division' })).toBeDisabled();
    expect(within(card).getByRole('combobox', { name: 'Power factor' })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Attendee list' })).toBeNull();
  });

  it('registers an eligible member with the division and factor of the form, and shows the new badge', async () => {
    const member = makeUser({ licencia: 'A-123', curso: true, division: 3, factor: 2 });
    storeSession(member);
    const registered: ClubEvent = {
      ...shoot,
      plazasLibres: 11,
      participantes: [
        {
          uuid: member.uuid,
          nombre: 'Ana',
          apellidos: 'Prueba',
          fullName: 'Prueba, Ana',
          categoria: 3,
          division: 4,
          factor: 1,
          roles: [{ roleId: 3, status: 1 }],
        },
      ],
    };
    let subscribed = false;
    const calls = stubFetch((call) => {
      if (call.method === 'PUT' && call.url === '/api/events/shoot/subscribe/') {
        subscribed = true;
        return { body: registered };
      }
      if (call.url === '/api/2025/3/')
        return { body: subscribed ? [past, registered, reserved, lesson] : MARCH };
      return monthAnswer(MARCH, member)(call);
    });
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Club shoot/ }));
    const card = await screen.findByRole('article', { name: 'Club shoot' });

    const division = within(card).getByRole('combobox', { name: 'Division' });
    expect(division).toHaveValue('3');
    expect(within(card).getByRole('combobox', { name: 'Power factor' })).toHaveValue('2');
    expect(within(card).queryByRole('note')).toBeNull();
    await user.selectOptions(division, '4');
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Power factor' }), '1');
    const register = within(card).getByRole('button', { name: 'Register' });
    expect(register).toBeEnabled();
    // Not registered yet: nothing to update or cancel.
    expect(within(card).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Cancel registration' })).toBeNull();
    await user.click(register);

    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      uuid: member.uuid,
      division: 4,
      factor: 1,
      roles: [{ roleId: 3, status: 1 }],
    });
    await waitFor(() =>
      expect(within(card).getByText('Booked')).toHaveAttribute('data-badge', 'registered'),
    );
    expect(within(card).getByText('11 free seats of 20')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Register' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Cancel registration' })).toBeEnabled();
    expect(toastStore.get().at(-1)).toMatchObject({ type: ToastType.success, title: 'Registration' });
  });

  it('shows the server refusal as an error toast by its code', async () => {
    const member = makeUser({ licencia: 'A-123', curso: true });
    storeSession(member);
    stubFetch((call) => {
      if (call.method === 'PUT') return { status: 409, body: { errorCode: 'EVENT_FULL', message: 'full' } };
      return monthAnswer(MARCH, member)(call);
    });
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Club shoot/ }));
    const card = await screen.findByRole('article', { name: 'Club shoot' });
    await user.click(within(card).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(toastStore.get().at(-1)).toMatchObject({ type: ToastType.error, message: 'No seats left.' }),
    );
    expect(within(card).getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('calls a full event full, says its seats in the plural that fits, and offers no registration', async () => {
    const member = makeUser({ licencia: 'A-123', curso: true });
    storeSession(member);
    const full = makeEvent({ ...shoot, uuid: 'full', evento: 'Full shoot', plazas: 1, plazasLibres: 0 });
    stubFetch(monthAnswer([full], member));
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Full shoot/ }));
    const card = await screen.findByRole('article', { name: 'Full shoot' });
    expect(card.querySelector('[data-badge]')).toHaveAttribute('data-badge', 'full');
    expect(card.querySelector('[data-badge]')).toHaveTextContent('Full');
    expect(within(card).getByTestId('seats')).toHaveTextContent('No free seats of 1');
    expect(within(card).queryByRole('button', { name: 'Register' })).toBeNull();
    expect(within(card).getByRole('combobox', { name: 'Division' })).toBeDisabled();
    expect(within(card).getByRole('combobox', { name: 'Power factor' })).toBeDisabled();
    // Said once, by the waiting list that offers what can still be done.
    expect(within(card).queryByRole('note')).toBeNull();
    expect(within(card).getByTestId('waitlist')).toHaveTextContent('No seats left.');
    expect(within(card).getAllByText('No seats left.')).toHaveLength(1);
  });

  it('reads one free seat in the singular', async () => {
    const member = makeUser({ licencia: 'A-123', curso: true });
    storeSession(member);
    const last = makeEvent({ ...shoot, uuid: 'last', evento: 'Last seat', plazas: 1, plazasLibres: 1 });
    stubFetch(monthAnswer([last], member));
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Last seat/ }));
    const card = await screen.findByRole('article', { name: 'Last seat' });
    expect(within(card).getByTestId('seats')).toHaveTextContent(/^1 free seat of 1$/);
    expect(card.querySelector('[data-badge]')).toHaveAttribute('data-badge', 'open');
    expect(within(card).getByRole('combobox', { name: 'Division' })).toBeEnabled();
  });

  it('gives staff an attendee-list button with an accessible name beside the seats', async () => {
    const staff = makeUser({ uuid: 'staff-1', staff: true });
    storeSession(staff);
    stubFetch(monthAnswer(MARCH, staff));
    const user = userEvent.setup();
    renderCalendar();
    await user.click(await screen.findByRole('button', { name: /Range booked/ }));
    const card = await screen.findByRole('article', { name: 'Range booked' });
    // Reserved events carry no badge and take no registrations.
    expect(card.querySelector('[data-badge]')).toBeNull();
    expect(within(card).getByText('This event does not take registrations.')).toBeInTheDocument();
    // A slot with no seats says nothing about seats ("No free seats of 0").
    expect(within(card).queryByTestId('seats')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Attendee list' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: /Club shoot/ }));
    const shootCard = await screen.findByRole('article', { name: 'Club shoot' });
    const attendees = within(shootCard).getByRole('button', { name: 'Attendee list' });
    expect(attendees.closest('.cal-seats')).not.toBeNull();
    await act(async () => {
      await user.click(attendees);
    });
    expect(await screen.findByRole('dialog', { name: 'Attendees: Club shoot' })).toBeInTheDocument();
  });
});
