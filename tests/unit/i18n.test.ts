import { describe, expect, it } from 'vitest';
import type { Dictionary } from '../../src/lib/i18n.ts';
import { createTranslator, interpolate, loadTranslator } from '../../src/lib/i18n/translate.ts';
import { DICTIONARIES, translatorFor } from '../../src/lib/i18n/all.ts';
import catalogue from '../../src/lib/i18n/en/messages.ts';
import { messageCode } from '../../src/lib/i18n/message-codes.ts';

/** Every leaf key of a dictionary ('a.b.c'), with its value. */
function leaves(dict: Dictionary, prefix = ''): [string, string][] {
  return Object.entries(dict).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the dictionaries', () => {
  it('have the same namespaces in both languages', () => {
    expect(Object.keys(DICTIONARIES.es).sort()).toEqual(Object.keys(DICTIONARIES.en).sort());
  });

  for (const ns of Object.keys(DICTIONARIES.en) as (keyof typeof DICTIONARIES.en)[]) {
    it(`${ns}: every key exists in both languages, with the same placeholders, none empty`, () => {
      const en = new Map(leaves(DICTIONARIES.en[ns]));
      const es = new Map(leaves(DICTIONARIES.es[ns]));
      expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        expect(text.trim(), `en ${ns}.${key}`).not.toBe('');
        expect(es.get(key)!.trim(), `es ${ns}.${key}`).not.toBe('');
        expect(placeholders(es.get(key)!), `placeholders of ${ns}.${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('loads a namespace per language on demand, the same words as the full dictionary', async () => {
    const t = await loadTranslator('es', ['messages']);
    expect(t('messages.zipInvalid')).toBe('Ingrese un código postal válido.');
    expect(t('common.signOut')).toBe('Cerrar sesión');
    expect(translatorFor('en')('messages.zipInvalid')).toBe('Please enter a valid ZIP code.');
  });
});

describe('t()', () => {
  const t = createTranslator<never>('es', {
    demo: { hello: 'Hola, {name}', items: { one: '{count} orden', other: '{count} órdenes' } },
    messages: { required: 'El campo {field} es obligatorio', fieldNames: { city: 'ciudad' }, invalidRequest: 'Solicitud no válida: {details}', unknown: 'No se pudo.' },
  });
  const dyn = (key: string) => t.dynamic(key, `(missing ${key})`);

  it('fills placeholders and leaves unknown ones', () => {
    expect(t.dynamic('demo.hello', '', { name: 'Ana' })).toBe('Hola, Ana');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('picks the plural by the language rules', () => {
    expect(t.plural('demo.items' as never, 1)).toBe('1 orden');
    expect(t.plural('demo.items' as never, 3)).toBe('3 órdenes');
    expect(t.plural('demo.items' as never, 0)).toBe('0 órdenes');
  });

  it('answers the fallback for a missing key, never a nested object', () => {
    expect(dyn('demo.nope')).toBe('(missing demo.nope)');
    expect(dyn('demo.items')).toBe('(missing demo.items)');
    expect(t.has('demo.hello')).toBe(true);
    expect(t.has('demo.items')).toBe(false);
    expect(t.has('constructor')).toBe(false);
  });

  it('shows a server message by its code, the field name translated', () => {
    expect(t.message({ message: 'The city field is required', code: 'required', params: { field: 'city' } })).toBe('El campo ciudad es obligatorio');
    expect(t.message({ message: 'Something new', code: 'noSuchCode' })).toBe('No se pudo.');
    expect(t.message({ message: 'No code at all' })).toBe('No se pudo.');
    expect(
      t.message({ message: 'Invalid request: city: The city field is required', code: 'invalidRequest', errors: [{ message: 'The city field is required', code: 'required', params: { field: 'city' } }] }),
    ).toBe('Solicitud no válida: El campo ciudad es obligatorio');
  });

  it('gives English readers the server\'s own words, whatever the code', () => {
    const en = createTranslator<never>('en', { messages: { zipInvalid: 'Please enter a valid ZIP code.', invalidInput: 'Invalid input' } });
    expect(en.message({ message: 'Exactly what the server said', code: 'zipInvalid' })).toBe('Exactly what the server said');
    expect(en.message({ message: 'Title is required', code: 'invalidInput' })).toBe('Title is required');
    expect(en.message({ message: 'Exactly what the server said' })).toBe('Exactly what the server said');
  });
});

describe('messageCode()', () => {
  it('finds the code of every catalogue text', () => {
    for (const [code, text] of Object.entries(catalogue)) {
      if (typeof text !== 'string' || /\{\w+\}/.test(text)) continue;
      expect(messageCode(text), text).toEqual({ code });
    }
  });

  it('reads the parameters of a template', () => {
    expect(messageCode('The first name field is required')).toEqual({ code: 'required', params: { field: 'first name' } });
    expect(messageCode('Title is required')).toEqual({ code: 'namedRequired', params: { field: 'Title' } });
    expect(translatorFor('es').message({ message: 'Title is required', ...messageCode('Title is required') })).toBe('El campo título es obligatorio');
    expect(messageCode('Must be at most 200 characters')).toEqual({ code: 'maxLength', params: { max: '200' } });
    expect(messageCode("A work order in status 'Received' cannot move to 'Completed'.")).toEqual({
      code: 'illegalMove',
      params: { from: 'Received', to: 'Completed' },
    });
    expect(messageCode('Not a message we know')).toBeUndefined();
  });
});
