import { describe, expect, it } from 'vitest';
import type { ClubEvent, Participant } from '@club/contract/schemas';
import { Category, Division, EventStatus, EventType, Factor, RoleId, RoleStatus } from '@club/contract/enums';
import { attendeeRows, csvCell, csvFileName, toCsv } from './attendees-csv.ts';
import { registrationRole } from '../participants.ts';
import type { AttendeeSheetLabels } from './attendees-csv.ts';

const labels: AttendeeSheetLabels = {
  headers: {
    name: 'Nombre',
    email: 'Correo',
    mobile: 'Móvil',
    memberNumber: 'Socio',
    licence: 'Licencia',
    category: 'Categoría',
    division: 'División',
    factor: 'Factor',
    status: 'Estado',
  },
  category: (v) => (v === null ? 'General' : `cat${v}`),
  division: (v) => `div${v}`,
  factor: (v) => `fac${v}`,
  status: (v) => `st${v}`,
};

function participant(overrides: Partial<Participant>): Participant {
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    nombre: 'Ana',
    apellidos: 'Pérez',
    fullName: 'Pérez, Ana',
    categoria: null,
    division: null,
    factor: null,
    roles: [{ roleId: RoleId.competidor, status: RoleStatus.reservado }],
    email: 'ana@club.test',
    mobil: '612345678',
    socio: '101',
    licencia: 'A-1',
    ...overrides,
  };
}

function event(participantes: Participant[]): ClubEvent {
  return {
    uuid: '00000000-0000-4000-8000-0000000000aa',
    type: EventType.ipscSocialShoot,
    start: '2025-05-14 19:00:00',
    end: '2025-05-14 21:00:00',
    evento: 'Tirada social: «Mayo»',
    nota: null,
    plazas: 10,
    plazasLibres: 9,
    status: EventStatus.publico,
    soloLectura: false,
    participantes,
  };
}

describe('csvCell', () => {
  it('leaves plain text and accents alone', () => {
    expect(csvCell('Núñez Castañé')).toBe('Núñez Castañé');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, semicolons and line breaks', () => {
    expect(csvCell('Pérez, Ana')).toBe('"Pérez, Ana"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('doubles quotes inside a quoted cell', () => {
    expect(csvCell('El "Rápido"')).toBe('"El ""Rápido"""');
    expect(csvCell('"')).toBe('""""');
  });

  it('keeps a cell that looks like a formula as text', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+34 600')).toBe("'+34 600");
    expect(csvCell('@sum')).toBe("'@sum");
  });
});

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and ends every line with CRLF', () => {
    const text = toCsv([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('a;b\r\nc;d\r\n');
  });

  it('round-trips through a strict RFC 4180 reader', () => {
    const rows = [
      ['Nombre', 'Nota'],
      ['Pérez, Ana', 'dijo "hola"\nadiós'],
      ['Çà; ñ', ''],
    ];
    expect(parseCsv(toCsv(rows).slice(1))).toEqual(rows);
  });
});

describe('attendeeRows', () => {
  it('gives a header and one row per participant, sorted by name, with contact details and status', () => {
    const people = [
      participant({
        uuid: 'b',
        fullName: 'Soler, Jordi',
        email: 'j@club.test',
        mobil: null,
        socio: null,
        licencia: null,
      }),
      participant({
        categoria: Category.lady,
        division: Division.standard,
        factor: Factor.major,
        roles: [{ roleId: RoleId.competidor, status: RoleStatus.confirmado }],
      }),
    ];
    const rows = attendeeRows(event([]), people, labels);
    expect(rows).toEqual([
      ['Nombre', 'Correo', 'Móvil', 'Socio', 'Licencia', 'Categoría', 'División', 'Factor', 'Estado'],
      ['Pérez, Ana', 'ana@club.test', '612345678', '101', 'A-1', 'cat6', 'div4', 'fac2', 'st3'],
      ['Soler, Jordi', 'j@club.test', '', '', '', 'General', '', '', 'st1'],
    ]);
  });

  it('reads the role of the event type (competidor for IPSC social shoots, alumno otherwise)', () => {
    const person = participant({
      roles: [
        { roleId: RoleId.instructor, status: RoleStatus.finalizado },
        { roleId: RoleId.alumno, status: RoleStatus.anulado },
      ],
    });
    expect(registrationRole({ type: EventType.precisionTraining }, person)?.status).toBe(RoleStatus.anulado);
    expect(registrationRole({ type: EventType.ipscSocialShoot }, person)?.roleId).toBe(RoleId.instructor);
  });
});

describe('csvFileName', () => {
  it('names the file after the event date and time and a plain-letter title', () => {
    expect(csvFileName(event([]), 'asistentes')).toBe('asistentes-2025-05-14-1900-tirada-social-mayo.csv');
  });
});

// A small strict reader, independent of the writer, to prove the quoting is read back as written.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}
