import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import fees from '../../../../public/assets/i18n/home/fees/en.json';
import common from '../../../../public/assets/i18n/common/en.json';
import { FeesSection } from './fees-section.tsx';

async function setUpI18n() {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { 'home/fees': fees, common } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

afterEach(() => vi.restoreAllMocks());

describe('FeesSection', () => {
  it('shows the four cards with prices from the site settings in the page language', async () => {
    render(
      <I18nextProvider i18n={await setUpI18n()}>
        <FeesSection />
      </I18nextProvider>,
    );
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
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={await setUpI18n()}>
        <FeesSection ticketsEnabled />
      </I18nextProvider>,
    );
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
