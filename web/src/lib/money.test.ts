import { describe, expect, it } from 'vitest';
import { formatWholeAmount } from './money.ts';
import es from '../../public/assets/i18n/common/es.json';
import ca from '../../public/assets/i18n/common/ca.json';
import en from '../../public/assets/i18n/common/en.json';

const formats = { es, ca, en };

describe('formatWholeAmount', () => {
  it.each(Object.entries(formats))('writes whole euros in %s exactly as Intl.NumberFormat does', (language, common) => {
    const format = {
      pattern: common.MONEY.PATTERN,
      thousandsSeparator: common.MONEY.THOUSANDS_SEPARATOR,
      groupFrom: Number(common.MONEY.GROUP_FROM),
    };
    const intl = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    for (const amount of [0, 5, 25, 45, 180, 999, 1000, 1234, 9999, 10000, 12345, 123456, 1234567]) {
      expect(formatWholeAmount(amount, '€', format)).toBe(intl.format(amount));
    }
  });
});
