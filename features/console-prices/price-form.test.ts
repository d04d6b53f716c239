import { describe, expect, it } from 'vitest';
import { readPriceForm } from './price-form';

const names = ['Комбо', 'Комбо с наставником'];

describe('the «Цены» form, as the browser and the server read it', () => {
  it('reads whole roubles with spaces between thousands; an empty struck-out price or months is none', () => {
    const read = readPriceForm(
      {
        course: 'junior',
        effectiveFrom: '',
        'tariffs.0.price': '5 490',
        'tariffs.0.oldPrice': '8\u00a0196',
        'tariffs.0.months': '18',
        'tariffs.1.price': '8390',
        'tariffs.1.oldPrice': '',
        'tariffs.1.months': '',
      },
      names,
    );
    expect(read).toEqual({
      form: {
        course: 'junior',
        effectiveFrom: '',
        tariffs: [
          { price: 5490, oldPrice: 8196, months: 18 },
          { price: 8390, oldPrice: undefined, months: undefined },
        ],
      },
    });
  });

  it('refuses kopecks, letters and an empty price, naming the tariff and the field', () => {
    const read = readPriceForm({ course: 'junior', 'tariffs.0.price': '5490,50', 'tariffs.0.oldPrice': 'много', 'tariffs.1.price': '' }, names);
    expect(read).toEqual({
      problems: [
        { tariff: 0, field: 'price', message: 'Тариф «Комбо», «Цена»: нужно целое число рублей, только цифры (без копеек, букв и знаков)' },
        { tariff: 0, field: 'oldPrice', message: 'Тариф «Комбо», «Зачёркнутая цена»: нужно целое число рублей, только цифры (без копеек, букв и знаков)' },
        { tariff: 1, field: 'price', message: 'Тариф «Комбо с наставником», «Цена»: не заполнено' },
      ],
    });
  });

  it('says a form without a course or tariffs came incomplete', () => {
    expect(readPriceForm({}, names)).toMatchObject({ problems: [{ tariff: null, field: null, message: 'Форма пришла неполной: обновите страницу' }] });
  });
});
