import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import siteSettings from '@club/contract/site-settings.json';
import { renderWithProviders } from '../../../test/render.tsx';
import { FeesSection } from './fees-section.tsx';

const renderFees = (ui: ReactElement) => renderWithProviders(ui, { language: 'en', areas: ['home/fees'] });

afterEach(() => vi.restoreAllMocks());

describe('FeesSection', () => {
  it('shows the four cards with prices from the site settings in the page language', async () => {
    renderFees(<FeesSection />);
    for (const title of ['Master class', 'Regular class', 'Functional session', 'Group session']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(`€${siteSettings.fees.masterClass.oneStudent}`)).toBeInTheDocument();
    expect(screen.getByText(`Pack of ${siteSettings.fees.regularClass.packClasses} classes`)).toBeInTheDocument();
    expect(screen.getByText(/The pack saves you €25/)).toBeInTheDocument();
    // Tickets are off in the settings: no ticket button.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with tickets enabled, a ticket button opens the modal on its type, and Buy Now calls nothing', async () => {
    // The modal is a lazy chunk: load its module first, so the click opens it without waiting on
    // the test runner's transform of a cold module (slow on a busy machine).
    await import('./ticket-modal.tsx');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderFees(<FeesSection ticketsEnabled />);
    await user.click(screen.getByRole('button', { name: 'Pro access' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('name', 'name');
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('name', 'email');
    expect(within(dialog).getByLabelText('Ticket type')).toHaveValue('pro-access');
    await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
