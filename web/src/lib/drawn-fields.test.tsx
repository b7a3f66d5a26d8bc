import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { inert } from '../prerender/page-shell.tsx';
import { keepDrawnFields } from './drawn-fields.ts';

// The screen as the app draws it: every field is the app's own state, so a value the carry-over
// sets only counts if the app's change handlers saw it.
function SignIn() {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [language, setLanguage] = useState('es');
  const [search, setSearch] = useState('');
  return (
    <form id="login">
      <input name="login" value={login} onChange={(e) => setLogin(e.target.value)} />
      <input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <input name="rememberMe" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
      <select name="language" value={language} onChange={(e) => setLanguage(e.target.value)}>
        <option value="es">es</option>
        <option value="ca">ca</option>
      </select>
      <input aria-label="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <button type="submit">Go</button>
      <output data-testid="state">{JSON.stringify({ login, password, remember, language, search })}</output>
    </form>
  );
}

const typeLike = (field: HTMLInputElement, value: string) => {
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('fields of a drawn page', () => {
  let container: HTMLDivElement;
  afterEach(() => container.remove());

  const drawn = () => {
    container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = inert(renderToString(<SignIn />));
    document.body.append(container);
    return container;
  };

  it('are open to typing where the app can find them again, and the rest waits for the app', () => {
    const root = drawn();
    expect(root.querySelector<HTMLInputElement>('[name="login"]')!.readOnly).toBe(false);
    expect(root.querySelector<HTMLInputElement>('[name="rememberMe"]')!.disabled).toBe(false);
    expect(root.querySelector<HTMLSelectElement>('[name="language"]')!.disabled).toBe(false);
    // A field with neither name nor id could not be found again: read-only, so nothing is lost.
    expect(root.querySelector<HTMLInputElement>('[aria-label="search"]')!.readOnly).toBe(true);
    expect(root.querySelector('button')!.disabled).toBe(true);
  });

  it("carry what was typed into the app's fields, through its own handlers, and give the focus back with the caret", async () => {
    const root = drawn();
    const carry = keepDrawnFields(root);
    typeLike(root.querySelector<HTMLInputElement>('[name="login"]')!, 'ana@example.org');
    root.querySelector<HTMLInputElement>('[name="rememberMe"]')!.click();
    const select = root.querySelector<HTMLSelectElement>('[name="language"]')!;
    select.value = 'ca';
    const password = root.querySelector<HTMLInputElement>('[name="password"]')!;
    typeLike(password, 'secret-words');
    password.setSelectionRange(3, 6);
    password.dispatchEvent(new Event('select', { bubbles: true }));

    // The app replaces the drawing, as startApp (app/start-app.tsx) does.
    const app = createRoot(root);
    await act(async () => app.render(<SignIn />));
    expect(root.querySelector('[name="password"]')).not.toBe(password);
    expect(document.activeElement).toBe(document.body);
    act(() => carry());

    expect(JSON.parse(root.querySelector('output')!.textContent!)).toEqual({
      login: 'ana@example.org',
      password: 'secret-words',
      remember: true,
      language: 'ca',
      search: '',
    });
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.name).toBe('password');
    expect([focused.selectionStart, focused.selectionEnd]).toEqual([3, 6]);
    act(() => app.unmount());
  });

  it('leave the fields nobody touched as the app draws them', async () => {
    const root = drawn();
    const carry = keepDrawnFields(root);
    const app = createRoot(root);
    await act(async () => app.render(<SignIn />));
    act(() => carry());
    expect(JSON.parse(root.querySelector('output')!.textContent!)).toMatchObject({ login: '', remember: false, language: 'es' });
    expect(document.activeElement).toBe(document.body);
    act(() => app.unmount());
  });
});
