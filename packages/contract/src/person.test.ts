import { describe, expect, it } from 'vitest';
import { fullName } from './person.ts';

describe('fullName', () => {
  it('is "apellidos, nombre"', () => {
    expect(fullName({ nombre: 'Ana', apellidos: 'García López' })).toBe('García López, Ana');
  });

  it('is nombre alone without apellidos', () => {
    expect(fullName({ nombre: 'Ana', apellidos: '' })).toBe('Ana');
    expect(fullName({ nombre: 'Ana', apellidos: '   ' })).toBe('Ana');
    expect(fullName({ nombre: 'Ana', apellidos: null })).toBe('Ana');
    expect(fullName({ nombre: 'Ana' })).toBe('Ana');
  });

  it('trims both parts', () => {
    expect(fullName({ nombre: '  Ana ', apellidos: ' Pérez  ' })).toBe('Pérez, Ana');
  });

  it('is apellidos alone without nombre, and empty with neither', () => {
    expect(fullName({ nombre: '', apellidos: 'Pérez' })).toBe('Pérez');
    expect(fullName({})).toBe('');
  });
});
