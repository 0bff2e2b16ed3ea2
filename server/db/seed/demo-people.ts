/**
 * The demo's other specialists: several dozen health professionals in the cities that have demo
 * clinics, each with a valid CPF, a council number, an address, a saved card and the kinds of room
 * their profession uses. Built from fixed lists and a seeded generator: the same people every time.
 */
import { isValidCpf } from '#common/br/documents';
import type { DemoSpecialist } from './demo-content.ts';
import type { RoomKind } from './demo-images.ts';
import type { Random } from './random.ts';

export type Profession = 'psi' | 'fisio' | 'nutri' | 'fono' | 'to' | 'odonto' | 'med' | 'enf' | 'edf';

/** Label (feminine, masculine), council, and how much each kind of room suits the profession. */
const professions: Record<
  Profession,
  { label: [string, string]; council: string; rooms: Partial<Record<RoomKind, number>> }
> = {
  psi: { label: ['Psicóloga', 'Psicólogo'], council: 'CRP', rooms: { diva: 5, consultorio: 2, grupo: 1 } },
  fisio: { label: ['Fisioterapeuta', 'Fisioterapeuta'], council: 'CREFITO', rooms: { maca: 6 } },
  nutri: { label: ['Nutricionista', 'Nutricionista'], council: 'CRN', rooms: { consultorio: 5, diva: 1 } },
  fono: { label: ['Fonoaudióloga', 'Fonoaudiólogo'], council: 'CRFa', rooms: { consultorio: 5, diva: 2 } },
  to: {
    label: ['Terapeuta ocupacional', 'Terapeuta ocupacional'],
    council: 'CREFITO',
    rooms: { maca: 3, consultorio: 3 },
  },
  odonto: { label: ['Cirurgiã-dentista', 'Cirurgião-dentista'], council: 'CRO', rooms: { odonto: 10 } },
  med: {
    label: ['Médica psiquiatra', 'Médico psiquiatra'],
    council: 'CRM',
    rooms: { consultorio: 4, diva: 3 },
  },
  enf: {
    label: ['Enfermeira estomaterapeuta', 'Enfermeiro'],
    council: 'COREN',
    rooms: { maca: 3, consultorio: 2 },
  },
  edf: {
    label: ['Profissional de educação física', 'Profissional de educação física'],
    council: 'CREF',
    rooms: { maca: 2, grupo: 4 },
  },
};

/** Home cities, with their state, area code, council region and two streets to live on. */
const cities = {
  sp: {
    city: 'São Paulo',
    state: 'SP',
    ddd: '11',
    region: '06',
    streets: [
      ['Rua Augusta', 'Consolação', '01305'],
      ['Rua Vergueiro', 'Vila Mariana', '04101'],
    ],
  },
  cps: {
    city: 'Campinas',
    state: 'SP',
    ddd: '19',
    region: '06',
    streets: [
      ['Avenida Júlio de Mesquita', 'Cambuí', '13025'],
      ['Rua Barão de Jaguara', 'Centro', '13015'],
    ],
  },
  rj: {
    city: 'Rio de Janeiro',
    state: 'RJ',
    ddd: '21',
    region: '05',
    streets: [
      ['Rua Voluntários da Pátria', 'Humaitá', '22270'],
      ['Rua Conde de Bonfim', 'Tijuca', '20520'],
    ],
  },
  bh: {
    city: 'Belo Horizonte',
    state: 'MG',
    ddd: '31',
    region: '04',
    streets: [
      ['Rua da Bahia', 'Lourdes', '30160'],
      ['Avenida do Contorno', 'Funcionários', '30110'],
    ],
  },
  cwb: {
    city: 'Curitiba',
    state: 'PR',
    ddd: '41',
    region: '08',
    streets: [
      ['Rua Comendador Araújo', 'Centro', '80420'],
      ['Avenida Sete de Setembro', 'Água Verde', '80240'],
    ],
  },
  poa: {
    city: 'Porto Alegre',
    state: 'RS',
    ddd: '51',
    region: '07',
    streets: [
      ['Rua Mostardeiro', 'Moinhos de Vento', '90430'],
      ['Avenida Ipiranga', 'Azenha', '90160'],
    ],
  },
  rec: {
    city: 'Recife',
    state: 'PE',
    ddd: '81',
    region: '02',
    streets: [
      ['Rua dos Navegantes', 'Boa Viagem', '51021'],
      ['Avenida Rui Barbosa', 'Graças', '52050'],
    ],
  },
  ssa: {
    city: 'Salvador',
    state: 'BA',
    ddd: '71',
    region: '03',
    streets: [
      ['Rua Minas Gerais', 'Pituba', '41830'],
      ['Avenida Sete de Setembro', 'Vitória', '40080'],
    ],
  },
  for: {
    city: 'Fortaleza',
    state: 'CE',
    ddd: '85',
    region: '11',
    streets: [
      ['Rua Tibúrcio Cavalcante', 'Meireles', '60125'],
      ['Avenida Santos Dumont', 'Aldeota', '60150'],
    ],
  },
  bsb: {
    city: 'Brasília',
    state: 'DF',
    ddd: '61',
    region: '01',
    streets: [
      ['Quadra SQS 308 Bloco C', 'Asa Sul', '70355'],
      ['Quadra SQN 204 Bloco F', 'Asa Norte', '70842'],
    ],
  },
  mao: {
    city: 'Manaus',
    state: 'AM',
    ddd: '92',
    region: '20',
    streets: [
      ['Rua Pará', 'Vieiralves', '69053'],
      ['Avenida Djalma Batista', 'Chapada', '69050'],
    ],
  },
} as const;
export type CityKey = keyof typeof cities;
export const cityOf = (key: CityKey) => cities[key].city;

/**
 * Name, f/m, profession, home city, and how long ago they joined (days). Few names sort before
 * "Mariana Costa": the operator's list opens on her page (the phone journey looks for her there).
 */
const people: [string, 'f' | 'm', Profession, CityKey, number][] = [
  ['Ana Luiza Ribeiro', 'f', 'psi', 'sp', 410],
  ['Beatriz Campos Lima', 'f', 'nutri', 'sp', 380],
  ['Carolina Mendes', 'f', 'fono', 'rj', 350],
  ['Débora Lins', 'f', 'psi', 'rec', 300],
  ['Fernanda Moura', 'f', 'fisio', 'cwb', 290],
  ['Gabriel Teixeira', 'm', 'odonto', 'bh', 460],
  ['Juliana Pacheco', 'f', 'psi', 'poa', 270],
  ['Marta Vasconcelos', 'f', 'psi', 'sp', 330],
  ['Mirela Antunes', 'f', 'to', 'sp', 240],
  ['Nádia Sampaio', 'f', 'psi', 'rj', 395],
  ['Natália Barros', 'f', 'fisio', 'sp', 365],
  ['Noemi Cardoso', 'f', 'psi', 'bh', 310],
  ['Olívia Rezende', 'f', 'nutri', 'bh', 200],
  ['Otávio Guimarães', 'm', 'med', 'sp', 420],
  ['Patrícia Nogueira', 'f', 'psi', 'cwb', 330],
  ['Paulo Henrique Sales', 'm', 'fisio', 'rj', 260],
  ['Pietra Fonseca', 'f', 'psi', 'cps', 280],
  ['Priscila Andrade', 'f', 'nutri', 'cps', 150],
  ['Rafaela Monteiro', 'f', 'psi', 'cwb', 230],
  ['Raíssa Leal', 'f', 'fono', 'cwb', 190],
  ['Raquel Fontes', 'f', 'psi', 'sp', 300],
  ['Rebeca Siqueira', 'f', 'nutri', 'cwb', 120],
  ['Regina Portela', 'f', 'psi', 'poa', 450],
  ['Ricardo Prado', 'm', 'fisio', 'poa', 340],
  ['Roberta Falcão', 'f', 'psi', 'rec', 260],
  ['Rosana Medeiros', 'f', 'fisio', 'rec', 210],
  ['Sabrina Tavares', 'f', 'nutri', 'rec', 170],
  ['Samuel Rocha', 'm', 'edf', 'poa', 300],
  ['Sandra Queiroz', 'f', 'psi', 'ssa', 280],
  ['Sarah Dantas', 'f', 'fono', 'ssa', 140],
  ['Sílvia Peixoto', 'f', 'enf', 'ssa', 250],
  ['Simone Araújo', 'f', 'fisio', 'for', 330],
  ['Sofia Brandão', 'f', 'psi', 'for', 220],
  ['Stella Magalhães', 'f', 'nutri', 'for', 130],
  ['Suelen Martins', 'f', 'psi', 'bsb', 360],
  ['Talita Cordeiro', 'f', 'to', 'bsb', 240],
  ['Tatiana Freitas', 'f', 'fisio', 'bsb', 300],
  ['Thaís Carvalho', 'f', 'psi', 'cps', 400],
  ['Tiago Moreira', 'm', 'psi', 'rj', 180],
  ['Úrsula Bastos', 'f', 'psi', 'mao', 22],
  ['Valéria Cunha', 'f', 'nutri', 'mao', 20],
  ['Vanessa Duarte', 'f', 'fono', 'sp', 18],
  ['Vinícius Lopes', 'm', 'fisio', 'cwb', 26],
  ['Viviane Castro', 'f', 'psi', 'poa', 14],
  ['Wagner Correia', 'm', 'med', 'rec', 9],
  ['Yara Bezerra', 'f', 'psi', 'for', 6],
  ['Yasmin Farias', 'f', 'fisio', 'bh', 4],
  ['Zélia Matos', 'f', 'psi', 'bsb', 2],
];

/** A valid CPF from a number: nine digits, then the two check digits. */
export function cpfFrom(n: number): string {
  const digits = [...String(410_000_000 + n).padStart(9, '0')].map(Number);
  for (const length of [9, 10]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  const cpf = digits.join('');
  if (!isValidCpf(cpf)) throw new Error(`CPF gerado inválido: ${cpf}`);
  return cpf;
}

const digits = (random: Random, n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');

function councilNumber(council: string, region: string, state: string, random: Random): string {
  switch (council) {
    case 'CRP':
      return `${region}/${digits(random, 6)}`;
    case 'CREFITO':
      return `${Number(region)}/${digits(random, 6)}-F`;
    case 'CRN':
      return `${Number(region)}/${digits(random, 5)}`;
    case 'CRFa':
      return `${Number(region)}-${digits(random, 5)}`;
    case 'CRO':
      return `${state}-${digits(random, 5)}`;
    case 'CREF':
      return `${digits(random, 6)}-G/${state}`;
    default:
      return digits(random, 6);
  }
}

/** How they write their e-mail: first and last name, without accents. */
const emailOf = (name: string) => {
  const parts = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ');
  return `${parts[0]}.${parts.at(-1)}@exemplo.test`;
};

export interface GeneratedSpecialist extends DemoSpecialist {
  city: CityKey;
  /** Weight of each kind of room for this person (0 = never). */
  roomKinds: Partial<Record<RoomKind, number>>;
  joinedDaysAgo: number;
  /** How much of the demand this person takes, relative to the others. */
  activity: number;
}

export function generateSpecialists(random: Random): GeneratedSpecialist[] {
  return people.map(([name, gender, profession, cityKey, joinedDaysAgo], index) => {
    const p = professions[profession];
    const home = cities[cityKey];
    const streets: readonly (readonly [string, string, string])[] = home.streets;
    const [street, neighborhood, zipPrefix] = random.pick(streets);
    const year = random.int(1972, 1998);
    return {
      name,
      email: emailOf(name),
      cpf: cpfFrom(index * 7919 + 1_237),
      birthDate: `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      phone: `${home.ddd}9${random.int(6, 9)}${digits(random, 7)}`,
      profession: p.label[gender === 'f' ? 0 : 1],
      council: p.council,
      councilNumber: councilNumber(p.council, home.region, home.state, random),
      councilState: home.state,
      address: {
        zipCode: `${zipPrefix}${digits(random, 3)}`,
        street,
        number: String(random.int(12, 2400)),
        neighborhood,
        city: home.city,
        state: home.state,
      },
      rooms: [],
      city: cityKey,
      roomKinds: p.rooms,
      joinedDaysAgo,
      activity: 0.5 + random.next(),
    };
  });
}
