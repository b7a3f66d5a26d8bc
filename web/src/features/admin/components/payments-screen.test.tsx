import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payment } from '@club/contract/payments';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import type { FetchAnswer } from '../../../test/render.tsx';
import { makeUser } from '../../../test/users.ts';
import { PaymentsScreen } from './payments-screen.tsx';

vi.setConfig({ testTimeout: 30_000 });

const MEMBER = makeUser({ uuid: 'member-7', fullName: 'Puig Ferrer, Núria', login: 'nuria.puig' });
const NOBODY = { lapsed: [], licencesExpiring: [], packsEmpty: [], totals: [] };

function paymentOf(body: Record<string, unknown>): Payment {
  return {
    id: 'pay-1',
    personUuid: MEMBER.uuid,
    personName: MEMBER.fullName,
    concept: body.concept as Payment['concept'],
    amountCents: body.amountCents as number,
    method: body.method as Payment['method'],
    paidAt: body.paidAt as string,
    reference: null,
    periodEnd: (body.periodEnd as string | null) ?? null,
    classes: (body.classes as number | null) ?? null,
    eventUuid: null,
    recordedBy: 'staff-1',
    voidedAt: null,
  };
}

describe('PaymentsScreen, recording a payment', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('clears the form as soon as the server has the payment, and a late ledger refresh does not undo what staff chose next', async () => {
    const ledger: Payment[] = [];
    let releaseRefresh: (() => void) | null = null;
    const calls = stubFetch((call): FetchAnswer | Promise<FetchAnswer> | undefined => {
      if (call.method === 'POST' && call.url === '/api/admin/payments/') {
        ledger.push(paymentOf(call.body as Record<string, unknown>));
        return { status: 201, body: ledger.at(-1) };
      }
      if (call.url.startsWith('/api/admin/users/')) return { body: [MEMBER] };
      if (call.url.startsWith('/api/admin/membership/')) return { body: NOBODY };
      if (call.url.startsWith('/api/admin/payments/')) {
        // The first ledger answers at once; the refresh after the payment waits for the test.
        if (ledger.length === 0) return { body: [] };
        return new Promise((resolve) => {
          releaseRefresh = () => resolve({ body: [...ledger] });
        });
      }
      if (call.method === 'GET') return { body: [] };
      return undefined;
    });
    renderWithProviders(<PaymentsScreen />, { language: 'en', areas: ['admin', 'membership'] });
    const user = userEvent.setup();

    // Everything but the member: nothing is sent, the search says why and takes the focus.
    const search = screen.getByLabelText(/^Find a member \(name, login, e-mail or number\)/);
    expect(search).toHaveAttribute('aria-required', 'true');
    await user.type(screen.getByLabelText(/^Amount \(€\)/), '45,5');
    await user.type(screen.getByLabelText(/^Dues paid until/), '2027-12-31');
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));
    await waitFor(() => expect(search).toHaveFocus());
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveAccessibleDescription('Choose a member from the list');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Amount \(€\)/));
    await user.clear(screen.getByLabelText(/^Dues paid until/));

    await user.type(search, 'nuria');
    await user.click(await screen.findByRole('button', { name: /Puig Ferrer, Núria/ }));
    await user.type(screen.getByLabelText(/^Amount \(€\)/), '45,5');
    await user.type(screen.getByLabelText(/^Dues paid until/), '2027-12-31');
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));

    // The ledger's refresh is still out: the form is already clear, ready for the next payment.
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      concept: 'cuota',
      amountCents: 4550,
      periodEnd: '2027-12-31',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Amount \(€\)/)).toHaveValue(''));
    await waitFor(() => expect(releaseRefresh).not.toBeNull());

    // Staff go on to a class pack while the ledger still loads; the refresh then lands.
    const form = screen.getByRole('form', { name: 'Record a payment' });
    await user.selectOptions(within(form).getByLabelText('Concept'), 'bono');
    expect(screen.getByLabelText(/^Classes in the pack/)).toBeInTheDocument();
    releaseRefresh!();
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    expect(within(form).getByLabelText('Concept')).toHaveValue('bono');
    expect(screen.getByLabelText(/^Classes in the pack/)).toBeInTheDocument();
  });
});
