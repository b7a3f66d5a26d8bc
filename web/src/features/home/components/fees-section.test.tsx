import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import initialContent from '@club/contract/initial-content.json';
import { renderWithProviders } from '../../../test/render.tsx';
import { CONTENT_KEY } from '../../../lib/content/content.ts';
import { FeesSection } from './fees-section.tsx';

const content = { ...initialContent, team: [], news: [], photos: {}, version: 1 };
// The content is in the cache from the start, as the drawn page brings it: no request.
const renderFees = (ui: ReactElement, fees = content.fees) =>
  renderWithProviders(ui, { language: 'en', areas: ['home/fees'], queryData: [[CONTENT_KEY, { ...content, fees }]] });

afterEach(() => vi.restoreAllMocks());

describe('FeesSection', () => {
  it('shows the fees of the club content as cards per group, in the page language', async () => {
    renderFees(<FeesSection />);
    for (const title of ['Master class', 'Regular class', 'Functional session', 'Group session']) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('€180')).toBeInTheDocument();
    expect(screen.getByText('Pack of 5 classes')).toBeInTheDocument();
    // Tickets are off in the settings: no ticket button.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('writes cents, and shows a fee missing in English in the language of the club', async () => {
    const fees = [{ ...content.fees[0]!, group: { es: '', ca: '', en: '' }, name: { es: 'Cuota anual', ca: 'Quota anual', en: '' }, priceCents: 4750 }];
    renderFees(<FeesSection />, fees);
    expect(await screen.findByRole('heading', { name: 'Cuota anual' })).toBeInTheDocument();
    expect(screen.getByText('€47.50')).toBeInTheDocument();
  });

  it('marks each text shown in another language than the page with that language, and only those', async () => {
    const [first, second] = content.fees;
    const fees = [
      { ...first!, name: { es: 'Alumno solo', ca: '', en: '' }, note: { es: 'Material incluido', ca: 'Material inclòs', en: '' } },
      { ...second!, period: { es: '', ca: 'per sessió', en: '' } },
    ];
    renderFees(<FeesSection />, fees);
    // The group's heading is written in English: no mark on it nor on the card.
    const heading = await screen.findByRole('heading', { name: 'Master class' });
    expect(heading).not.toHaveAttribute('lang');
    // Missing in English: shown in Spanish (the club's language) and said to be Spanish.
    expect(screen.getByText('Alumno solo')).toHaveAttribute('lang', 'es');
    expect(screen.getByText('Material incluido')).toHaveAttribute('lang', 'es');
    // Written in Catalan only: shown, and said to be, Catalan.
    expect(screen.getByText('per sessió')).toHaveAttribute('lang', 'ca');
    // The second fee's name is in English: plain text in its row, no element of its own.
    const englishName = screen.getByText(second!.name.en, { exact: false });
    expect(englishName.closest('[lang]')).toBeNull();
  });

  it('with tickets enabled, a ticket button opens the modal on its type, and Buy Now calls nothing', async () => {
    // The modal is a lazy chunk: load its module first, so the click opens it without waiting on
    // the test runner's transform of a cold module (slow on a busy machine).
    await import('./ticket-modal.tsx');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderFees(<FeesSection ticketsEnabled />);
    await user.click(screen.getByRole('button', { name: 'Pro access' }));
    // The lazy modal may take a while on a busy machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('name', 'name');
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('name', 'email');
    expect(within(dialog).getByLabelText('Ticket type')).toHaveValue('pro-access');
    await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 30_000);
});
