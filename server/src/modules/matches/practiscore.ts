// Reading a PractiScore results export ("report.txt"): a first line `$PRACTISCORE <version>
// RESULTS`, `$INFO key:value` lines, and comma-separated sections each named by its first
// letter: D (the header of the E lines) and E (one competitor each), F and G (stages), H and I
// (one score per competitor and stage); `$END` closes it. Columns are found by the names in the
// header lines, not by position, so exports of other versions read alike. Pure: no database.
import { Category, Division, Factor } from '@club/contract/enums';
import type { StageScoringType } from '@club/contract/match';
import { MATCH_LIMITS } from '@club/contract/match';

/** A file that cannot be read: the line (1-based) and why. */
export class ImportError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

export interface ImportedStage {
  number: number;
  name: string;
  minRounds: number;
  maxPoints: number;
  scoringType: Extract<StageScoringType, 'comstock' | 'fixed-time'>;
}

export interface ImportedCompetitor {
  /** The competitor's number in the file, which the I lines name. */
  comp: string;
  nombre: string;
  apellidos: string;
  division: Division;
  factor: Factor;
  category: Category | null;
  dq: boolean;
  line: number;
}

export interface ImportedScore {
  stage: number;
  comp: string;
  a: number;
  c: number;
  d: number;
  m: number;
  ns: number;
  procedurals: number;
  time: number;
  dnf: boolean;
  line: number;
}

export interface ImportedMatch {
  name: string | null;
  stages: ImportedStage[];
  competitors: ImportedCompetitor[];
  scores: ImportedScore[];
}

/** Folds a division's name for comparison: lower case, no accents, letters and digits only. */
function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// The names our divisions go by in the club's three languages and in PractiScore's lists.
const DIVISION_NAMES: Record<string, Division> = {
  production: Division.produccion,
  produccion: Division.produccion,
  produccio: Division.produccion,
  productionoptics: Division.produccionOptics,
  produccionoptics: Division.produccionOptics,
  produccionoptica: Division.produccionOptics,
  producciooptica: Division.produccionOptics,
  open: Division.open,
  standard: Division.standard,
  estandar: Division.standard,
  classic: Division.classics,
  classics: Division.classics,
  clasica: Division.classics,
  classica: Division.classics,
  revolver: Division.revolver,
  pcc: Division.pcc,
  pistolcalibercarbine: Division.pcc,
};

/**
 * Reads the staff's mapping of divisions the club does not use ("Carry Optics:2,Limited:4"):
 * a file's name (any case) to one of our division numbers. Undefined entries are refused.
 */
export function parseDivisionMap(text: string | undefined): Map<string, Division> | string {
  const map = new Map<string, Division>();
  if (!text) return map;
  for (const part of text.split(',')) {
    const at = part.lastIndexOf(':');
    const name = fold(part.slice(0, at));
    const value = Number(part.slice(at + 1).trim());
    if (at <= 0 || name === '' || !Object.values(Division).includes(value as Division)) return part.trim();
    map.set(name, value as Division);
  }
  return map;
}

function divisionOf(name: string, map: ReadonlyMap<string, Division>): Division | undefined {
  const key = fold(name);
  return map.get(key) ?? DIVISION_NAMES[key];
}

const CATEGORIES: Record<string, Category> = {
  junior: Category.junior,
  superjunior: Category.superJunior,
  senior: Category.senior,
  supersenior: Category.superSenior,
  grandsenior: Category.granSenior,
  gransenior: Category.granSenior,
  lady: Category.lady,
  ladysenior: Category.ladySenior,
};

/** Splits one comma-separated line; a field in double quotes may hold commas and "" quotes. */
function splitFields(text: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

class Section {
  private readonly index = new Map<string, number>();

  constructor(
    readonly letter: string,
    columns: string[],
  ) {
    columns.forEach((name, i) => this.index.set(name.toLowerCase(), i));
  }

  has(name: string): boolean {
    return this.index.has(name.toLowerCase());
  }

  /** The field under a column; a required column missing from the header is the header's fault. */
  get(fields: string[], name: string, line: number, required = true): string {
    const at = this.index.get(name.toLowerCase());
    if (at === undefined) {
      if (required) throw new ImportError(line, `the ${this.letter} header has no column "${name}"`);
      return '';
    }
    return fields[at] ?? '';
  }
}

function integer(text: string, what: string, line: number, max = 100_000): number {
  if (!/^\d{1,7}$/.test(text)) throw new ImportError(line, `${what} "${text}" is not a whole number`);
  const value = Number(text);
  if (value > max) throw new ImportError(line, `${what} ${value} is too large`);
  return value;
}

function yes(text: string): boolean {
  return /^(yes|true|1)$/i.test(text);
}

function scoringTypeOf(text: string, line: number): ImportedStage['scoringType'] {
  const key = fold(text);
  if (key === 'comstock') return 'comstock';
  if (key === 'fixed' || key === 'fixedtime') return 'fixed-time';
  throw new ImportError(line, `scoring type "${text}" is not one the club scores (Comstock or Fixed)`);
}

/** Reads a PractiScore results export; throws ImportError naming the first line that is wrong. */
export function parsePractiScore(text: string, divisionMap: ReadonlyMap<string, Division> = new Map()): ImportedMatch {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^\$PRACTISCORE\b.*\bRESULTS\b/i.test(lines[0] ?? '')) {
    throw new ImportError(1, 'a PractiScore results export begins with "$PRACTISCORE ... RESULTS"');
  }
  const match: ImportedMatch = { name: null, stages: [], competitors: [], scores: [] };
  const headers = new Map<string, Section>();
  const comps = new Map<string, number>();
  const stageNumbers = new Map<number, number>();
  const scored = new Map<string, number>();
  const pending: { fields: string[]; line: number }[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    if (raw.startsWith('$END')) break;
    if (raw.startsWith('$INFO')) {
      const info = /^\$INFO\s+Match name\s*:(.*)$/i.exec(raw);
      if (info) match.name = info[1]!.trim().slice(0, MATCH_LIMITS.name.max) || null;
      continue;
    }
    const letter = raw[0]!;
    if (raw[1] !== ' ' && raw.length > 1) throw new ImportError(line, 'a line begins with a section letter and a space');
    const fields = splitFields(raw.slice(2));
    switch (letter) {
      case 'Z':
      case 'A':
        break;
      case 'D':
        headers.set('E', new Section('D', fields));
        break;
      case 'F':
        headers.set('G', new Section('F', fields));
        break;
      case 'H':
        headers.set('I', new Section('H', fields));
        break;
      case 'E': {
        const h = headers.get('E');
        if (!h) throw new ImportError(line, 'an E line comes before its D header');
        const comp = h.get(fields, 'Comp', line);
        if (comp === '') throw new ImportError(line, 'the competitor has no number (Comp)');
        if (comps.has(comp)) throw new ImportError(line, `competitor ${comp} is already on line ${comps.get(comp)}`);
        const nombre = h.get(fields, 'FirstName', line);
        const apellidos = h.get(fields, 'LastName', line);
        if (nombre === '' && apellidos === '') throw new ImportError(line, 'the competitor has no name');
        if (nombre.length > MATCH_LIMITS.nombre.max || apellidos.length > MATCH_LIMITS.apellidos.max) {
          throw new ImportError(line, 'the name is too long');
        }
        const divisionName = h.get(fields, 'Division', line);
        const division = divisionOf(divisionName, divisionMap);
        if (division === undefined) {
          throw new ImportError(line, `division "${divisionName}" is not one the club uses and no mapping names it`);
        }
        const pf = fold(h.get(fields, 'Power Factor', line));
        if (pf !== 'major' && pf !== 'minor') throw new ImportError(line, `power factor "${h.get(fields, 'Power Factor', line)}" is neither Major nor Minor`);
        const age = fold(h.get(fields, 'Age', line, false));
        const female = yes(h.get(fields, 'Female', line, false));
        let category = CATEGORIES[age] ?? null;
        if (female) category = category === Category.senior || category === Category.superSenior ? Category.ladySenior : (category ?? Category.lady);
        comps.set(comp, line);
        match.competitors.push({
          comp,
          nombre,
          apellidos,
          division,
          factor: pf === 'major' ? Factor.major : Factor.minor,
          category,
          dq: yes(h.get(fields, 'DQPistol', line, false)),
          line,
        });
        break;
      }
      case 'G': {
        const h = headers.get('G');
        if (!h) throw new ImportError(line, 'a G line comes before its F header');
        const number = integer(h.get(fields, 'Number', line), 'stage number', line, MATCH_LIMITS.stages.max);
        if (number < 1) throw new ImportError(line, 'stage numbers begin at 1');
        if (stageNumbers.has(number)) throw new ImportError(line, `stage ${number} is already on line ${stageNumbers.get(number)}`);
        const minRounds = integer(h.get(fields, 'Minimum Rounds', line), 'minimum rounds', line, MATCH_LIMITS.minRounds.max);
        const maxPoints = integer(h.get(fields, 'Maximum Points', line), 'maximum points', line, MATCH_LIMITS.maxPoints.max);
        const name = h.get(fields, 'Stage_name', line).slice(0, MATCH_LIMITS.stageName.max) || `Stage ${number}`;
        stageNumbers.set(number, line);
        match.stages.push({
          number,
          name,
          minRounds: Math.max(minRounds, MATCH_LIMITS.minRounds.min),
          maxPoints: Math.max(maxPoints, MATCH_LIMITS.maxPoints.min),
          scoringType: scoringTypeOf(h.get(fields, 'ScoringType', line), line),
        });
        break;
      }
      case 'I':
        if (!headers.get('I')) throw new ImportError(line, 'an I line comes before its H header');
        // Read once every competitor and stage is known (PractiScore writes them first).
        pending.push({ fields, line });
        break;
      default:
        throw new ImportError(line, `"${letter}" is not a line of a PractiScore results export`);
    }
  }
  const h = headers.get('I');
  for (const { fields, line } of pending) {
    const stage = integer(h!.get(fields, 'Stage', line), 'stage', line, MATCH_LIMITS.stages.max);
    if (!stageNumbers.has(stage)) throw new ImportError(line, `stage ${stage} has no G line`);
    const comp = h!.get(fields, 'Comp', line);
    if (!comps.has(comp)) throw new ImportError(line, `competitor ${comp} has no E line`);
    const key = `${stage}:${comp}`;
    if (scored.has(key)) throw new ImportError(line, `competitor ${comp} on stage ${stage} is already on line ${scored.get(key)}`);
    scored.set(key, line);
    const count = (name: string) => integer(h!.get(fields, name, line), name, line, MATCH_LIMITS.count.max);
    const m = count('Miss');
    const ns = count('No Shoot');
    let procedurals = count('Procedural');
    // The file's total penalty holds every penalty in points; ours are 10 points each.
    if (h!.has('Total Penalty')) {
      const total = integer(h!.get(fields, 'Total Penalty', line), 'Total Penalty', line, 100_000);
      const rest = total - 10 * (m + ns);
      if (rest < 0 || rest % 10 !== 0) {
        throw new ImportError(line, `a penalty of ${total} points is not misses, no-shoots and procedurals of 10 points each`);
      }
      procedurals = rest / 10;
    }
    const timeText = h!.get(fields, 'Time', line);
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(timeText)) throw new ImportError(line, `time "${timeText}" is not seconds with two decimals`);
    match.scores.push({
      stage,
      comp,
      a: count('A'),
      // PractiScore's B zone (USPSA targets) scores as C.
      c: count('C') + (h!.has('B') ? count('B') : 0),
      d: count('D'),
      m,
      ns,
      procedurals,
      time: Number(timeText),
      dnf: yes(h!.get(fields, 'DNF', line, false)),
      line,
    });
  }
  if (match.stages.length === 0) throw new ImportError(lines.length, 'the file holds no stage (G lines)');
  return match;
}
