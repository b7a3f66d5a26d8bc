import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createElement } from 'react';
import { createInstance } from 'i18next';
import { removeToast, showToast, toastMessage, toastStore } from '../../lib/toasts.ts';
import { ToastStack } from './toast-stack.tsx';

// "Text is text": every translated message of the app that takes a value is rendered in a toast
// with markup in each value, and the markup must show as text, never become an element.

const i18nRoot = path.resolve(import.meta.dirname, '../../../public/assets/i18n');
const srcRoot = path.resolve(import.meta.dirname, '../..');
const MARKUP = '<a href="https://evil.example/">owned</a><img src=x onerror="window.hacked=1">';
const INLINE = new Set(['STRONG', 'EM', 'B', 'I', 'BR']);

interface Message {
  area: string;
  language: string;
  key: string;
  text: string;
}

function flatten(value: unknown, prefix: string, out: Array<[string, string]>): void {
  if (typeof value === 'string') out.push([prefix, value]);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
}

function messagesWithValues(): Message[] {
  const messages: Message[] = [];
  const files = (fs.readdirSync(i18nRoot, { recursive: true }) as string[]).filter((file) => /\/(es|ca|en)\.json$/.test(file));
  for (const relative of files) {
    const area = path.dirname(relative);
    const file = path.basename(relative);
    {
      const entries: Array<[string, string]> = [];
      flatten(JSON.parse(fs.readFileSync(path.join(i18nRoot, relative), 'utf8')), '', entries);
      for (const [key, text] of entries) {
        if (text.includes('{{')) messages.push({ area, language: file.replace(/\.json$/, ''), key, text });
      }
    }
  }
  return messages;
}

afterEach(() => {
  for (const toast of toastStore.get()) removeToast(toast.id);
});

describe('toasts show values as text', () => {
  const messages = messagesWithValues();

  it('finds the messages that take values', () => {
    expect(messages.length).toBeGreaterThan(20);
    expect(messages.some((m) => m.area === 'admin' && m.key === 'ATTENDEES.STATUS_SAVED')).toBe(true);
  });

  it.each(messages.map((m) => [`${m.area}/${m.language} ${m.key}`, m] as const))('%s', async (_name, message) => {
    const i18n = createInstance();
    await i18n.init({
      lng: message.language,
      resources: { [message.language]: { [message.area]: { [message.key]: message.text } } },
      keySeparator: false,
      defaultNS: message.area,
      interpolation: { escapeValue: false },
    });
    const names = [...message.text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]);
    // `count` picks a plural form, so it stays a number; every other value carries markup.
    const values = Object.fromEntries(names.map((name) => [name, name === 'count' ? 3 : MARKUP]));
    const { container, unmount } = render(createElement(ToastStack));
    act(() => {
      showToast({ title: MARKUP, message: toastMessage(i18n.t.bind(i18n), message.key, values) });
    });
    const toast = container.querySelector('.toast');
    await vi.waitFor(() => expect(toast?.querySelector('.toast-body')?.innerHTML).not.toBe(''));
    for (const element of toast?.querySelectorAll('.toast-body *, .toast-header strong *') ?? []) {
      expect(INLINE.has(element.tagName), element.outerHTML).toBe(true);
    }
    if (names.some((name) => name !== 'count')) {
      expect(toast?.querySelector('.toast-body')?.textContent).toContain(MARKUP);
    }
    expect(toast?.querySelector('.toast-header strong')?.textContent).toBe(MARKUP);
    unmount();
  });

  it('every toast of the app builds its message with toastMessage when it takes values', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const source = fs.readFileSync(full, 'utf8');
          // A message from t() with values is HTML with unescaped values in it (a defaultValue
          // alone is our own text).
          for (const match of source.matchAll(/message:\s*t\(\s*[^,)]+,\s*\{(?!\s*defaultValue:)/g)) {
            offenders.push(`${path.relative(srcRoot, full)}: ${match[0]}`);
          }
        }
      }
    };
    walk(srcRoot);
    expect(offenders).toEqual([]);
  });
});
