import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastStore } from '../../../lib/toasts.ts';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import type { FetchAnswer } from '../../../test/render.tsx';
import texts from '../../../../public/assets/i18n/home/contact/en.json';
import { ContactForm } from './contact-form.tsx';

// Decision 0030 in the contact form: a refusal is said once, under the field it is about or
// beside the send button, no toast repeats it, and the visitor's message stays as typed.

vi.setConfig({ testTimeout: 30_000 });

const TYPED = { name: 'Pau Visitante', email: 'pau@club.test', subject: 'Clases', message: 'Hola,\n¿cuándo empieza el curso?' };

async function sendAnswered(answer: FetchAnswer) {
  const calls = stubFetch((call) => (call.method === 'POST' ? answer : undefined));
  const user = userEvent.setup();
  renderWithProviders(<ContactForm />, { language: 'en', areas: ['home/contact'] });
  await user.type(screen.getByLabelText(texts.FORM.NAME), TYPED.name);
  await user.type(screen.getByLabelText(texts.FORM.EMAIL), TYPED.email);
  await user.type(screen.getByLabelText(texts.FORM.SUBJECT), TYPED.subject);
  await user.type(screen.getByLabelText(texts.FORM.MESSAGE), TYPED.message);
  await user.click(screen.getByRole('button', { name: texts.FORM.SEND }));
  await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
}

/** Every place the text shows: the page and the toast stack. */
function timesShown(text: string): number {
  return screen.queryAllByText(text).length + toastStore.get().filter((toast) => toast.message.includes(text)).length;
}

function expectTypedKept() {
  expect(screen.getByLabelText(texts.FORM.NAME)).toHaveValue(TYPED.name);
  expect(screen.getByLabelText(texts.FORM.EMAIL)).toHaveValue(TYPED.email);
  expect(screen.getByLabelText(texts.FORM.SUBJECT)).toHaveValue(TYPED.subject);
  expect(screen.getByLabelText(texts.FORM.MESSAGE)).toHaveValue(TYPED.message);
}

describe('ContactForm refusals', () => {
  beforeEach(() => toastStore.set([]));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('puts a field the server refuses under that field, which takes the focus, with no toast', async () => {
    await sendAnswered({ status: 400, body: { errorCode: 'VALIDATION_ERROR', message: 'bad', fields: { email: ['email'] } } });

    const email = screen.getByLabelText(texts.FORM.EMAIL);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/e-mail/i);
    expect(email).toHaveFocus();
    expect(screen.queryByTestId('contact-refusal')).toBeNull();
    expect(toastStore.get()).toEqual([]);
    expectTypedKept();
  });

  it('says a failed send once beside the send button, which takes the focus, and keeps the message', async () => {
    await sendAnswered({ status: 500, body: { errorCode: 'INTERNAL', message: 'boom' } });

    const alert = await screen.findByTestId('contact-refusal');
    expect(alert).toHaveTextContent(texts.ERROR_MESSAGE);
    expect(alert).toHaveFocus();
    expect(timesShown(texts.ERROR_MESSAGE)).toBe(1);
    expect(toastStore.get()).toEqual([]);
    expectTypedKept();
  });

  it('asks to wait, once, after too many messages in a row', async () => {
    await sendAnswered({ status: 429, body: { errorCode: 'TOO_MANY_REQUESTS', message: 'slow down' } });

    expect(await screen.findByTestId('contact-refusal')).toHaveTextContent(texts.TOO_MANY);
    expect(timesShown(texts.TOO_MANY)).toBe(1);
    expect(toastStore.get()).toEqual([]);
    expectTypedKept();
  });
});
