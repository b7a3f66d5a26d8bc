import { describe, expect, it } from 'vitest';
import { languageIn, missingLanguages, textIn } from './content-view.ts';

describe('a content text in a page language', () => {
  it('is shown in the page language where written, else in the club language, else in the first written', () => {
    const whole = { es: 'Clase suelta', ca: 'Classe solta', en: 'Single class' };
    expect([textIn(whole, 'ca'), languageIn(whole, 'ca')]).toEqual(['Classe solta', 'ca']);
    const noEnglish = { es: 'Cuota anual', ca: 'Quota anual', en: '' };
    expect([textIn(noEnglish, 'en'), languageIn(noEnglish, 'en')]).toEqual(['Cuota anual', 'es']);
    const catalanOnly = { es: '', ca: 'per sessió', en: '' };
    expect([textIn(catalanOnly, 'en'), languageIn(catalanOnly, 'en')]).toEqual(['per sessió', 'ca']);
    expect([textIn(catalanOnly, 'es'), languageIn(catalanOnly, 'es')]).toEqual(['per sessió', 'ca']);
    expect(missingLanguages(catalanOnly)).toEqual(['es', 'en']);
  });

  it('is empty, in the page language, where nothing is written', () => {
    const empty = { es: '', ca: '', en: '' };
    expect([textIn(empty, 'en'), languageIn(empty, 'en')]).toEqual(['', 'en']);
  });
});
