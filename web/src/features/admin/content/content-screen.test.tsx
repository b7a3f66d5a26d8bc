import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fee } from '@club/contract/content';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import type { FetchCall } from '../../../test/render.tsx';
import { ContentScreen } from './content-screen.tsx';

const text = (es: string, ca = es, en = es) => ({ es, ca, en });
const fees: Fee[] = [
  { id: 'single', group: text(''), name: text('Clase suelta', 'Classe solta', 'Single class'), priceCents: 4500, period: text('clase'), note: text('') },
  { id: 'pack', group: text(''), name: text('Bono 5', 'Abonament 5', 'Pack of 5'), priceCents: 20000, period: text(''), note: text('') },
];
const content = (version: number, list: Fee[] = fees) => ({
  fees: list,
  team: [],
  gallery: [],
  partners: [],
  news: [],
  photos: {},
  version,
  changes: { fees: { version: 1, changedAt: null, changedBy: null } },
});

/** The screen over a server that answers the staff copy and each save as `onPut` says. */
function renderEditor(onPut: (call: FetchCall) => { status?: number; body?: unknown }) {
  const calls = stubFetch((call) => {
    if (call.method === 'PUT') return onPut(call);
    if (call.url.includes('/api/admin/content/')) return { body: content(7) };
    return undefined;
  });
  renderWithProviders(<ContentScreen />, { language: 'en', areas: ['admin-content'] });
  return { calls, puts: () => calls.filter((call) => call.method === 'PUT') };
}

const field = (item: number, name: string) => within(screen.getByTestId(`content-item-${item}`)).getByRole('group', { name });

describe('ContentScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks a section with the contract before sending: the message shows by its field, takes the focus and goes once fixed', async () => {
    const { puts } = renderEditor((call) => ({ body: { ...content(8, (call.body as { items: Fee[] }).items) } }));
    const user = userEvent.setup();
    const name = await waitFor(() => field(0, 'Name'), { timeout: 10_000 });
    for (const language of [/^Español/, /^Català/, /^English/]) await user.clear(within(name).getByLabelText(language));
    // No message before the first save.
    expect(within(name).queryByText('Write this text in at least one language.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await within(name).findByText('Write this text in at least one language.');
    expect(message).toHaveAttribute('data-field-error', 'required');
    await waitFor(() => expect(within(name).getByLabelText(/^Español/)).toHaveFocus());
    expect(within(name).getByLabelText(/^Español/)).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
    // The other item's fields carry no message; nothing typed elsewhere moved.
    expect(within(field(1, 'Name')).queryByText(/Write this text/)).toBeNull();
    expect(within(field(1, 'Name')).getByLabelText(/^English/)).toHaveValue('Pack of 5');

    // Typed in one language: the message goes at once, and the save sends the checked list.
    await user.type(within(name).getByLabelText(/^Català/), '  Classe de prova ');
    await waitFor(() => expect(within(name).queryByText('Write this text in at least one language.')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const sent = puts()[0]!.body as { items: Fee[]; version: number };
    expect(sent.version).toBe(7);
    // What the contract's schema gives: trimmed, the same shape the server checks.
    expect(sent.items[0]!.name).toEqual({ es: '', ca: 'Classe de prova', en: '' });
    expect(sent.items[1]).toEqual(fees[1]);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: it is on the site now.');
  }, 60_000);

  it("heads each item in the staff member's language, marks a language missing where the page needs the text or another language has it, and keeps a note's lines", async () => {
    const { puts } = renderEditor((call) => ({ body: { ...content(8, (call.body as { items: Fee[] }).items) } }));
    const user = userEvent.setup();
    const period = await waitFor(() => field(1, 'Period'), { timeout: 10_000 });
    // The items are headed as the English page names them, not in the club's language.
    expect(within(screen.getByTestId('content-item-0')).getByRole('group', { name: 'Single class' })).toBeInTheDocument();
    expect(within(screen.getByTestId('content-item-1')).getByRole('group', { name: 'Pack of 5' })).toBeInTheDocument();
    // A period written in no language is not there at all: nothing to mark.
    expect(within(period).queryByText('Missing')).toBeNull();
    await user.type(within(period).getByLabelText(/^Català/), 'mes');
    // Written in Catalan only: Spanish and English visitors see the Catalan, and the editor says so.
    expect(within(period).getByLabelText(/^Español/).closest('div')).toHaveTextContent('Missing');
    expect(within(period).getByLabelText(/^English/).closest('div')).toHaveTextContent('Missing');
    expect(within(period).getByLabelText(/^Català/).closest('div')).not.toHaveTextContent('Missing');
    // A note is a few lines, and its line breaks reach the server.
    await user.type(within(field(1, 'Note')).getByLabelText(/^English/), 'Valid for a year.{Enter}Not transferable.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const sent = puts()[0]!.body as { items: Fee[] };
    expect(sent.items[1]!.note.en).toBe('Valid for a year.\nNot transferable.');
    expect(sent.items[1]!.period).toEqual({ es: '', ca: 'mes', en: '' });
    // A new fee's name, which the page needs, is missing in all three; its period is not.
    await user.click(screen.getByRole('button', { name: 'Add a fee' }));
    expect(within(field(2, 'Name')).getAllByText('Missing')).toHaveLength(3);
    expect(within(field(2, 'Period')).queryByText('Missing')).toBeNull();
  }, 60_000);

  it('keeps everything typed when the server refuses: its field refusal shows by the field, any other failure beside Save', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { errorCode: 'VALIDATION_ERROR', message: 'Invalid', fields: { 'items.1.name': ['maxlength'] } },
    };
    const { puts } = renderEditor(() => answer);
    const user = userEvent.setup();
    const price = await waitFor(() => within(screen.getByTestId('content-item-0')).getByLabelText('Price (€)'), { timeout: 10_000 });
    await user.clear(price);
    await user.type(price, '47.50');
    await user.type(within(field(1, 'Name')).getByLabelText(/^English/), ' (five)');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(await within(field(1, 'Name')).findByText('It is too long.')).toBeInTheDocument();
    await waitFor(() => expect(within(field(1, 'Name')).getByLabelText(/^Español/)).toHaveFocus());
    expect(price).toHaveValue(47.5);
    expect(within(field(1, 'Name')).getByLabelText(/^English/)).toHaveValue('Pack of 5 (five)');
    expect(screen.queryByText('Check the marked fields.')).toBeNull();

    answer = { status: 500, body: { errorCode: 'INTERNAL_ERROR', message: 'boom' } };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save. Your changes are still here; try again.')).toBeInTheDocument();
    expect(price).toHaveValue(47.5);
    expect(within(field(1, 'Name')).getByLabelText(/^English/)).toHaveValue('Pack of 5 (five)');
    expect((puts()[1]!.body as { items: Fee[] }).items[0]!.priceCents).toBe(4750);
  }, 60_000);
});
