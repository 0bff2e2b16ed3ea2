/** The demo marketplace of DESIGN §3: realistic Brazilian clinics, rooms, hours and prices. */
import type { Palette, RoomKind } from './demo-images.ts';

export const DEMO_PASSWORD = 'Salas@2026';

export const demoPlans = [
  { name: 'Essencial', commissionPercent: '15.00', monthlyFeeCents: 0 },
  { name: 'Profissional', commissionPercent: '10.00', monthlyFeeCents: 9_900 },
  { name: 'Premium', commissionPercent: '7.00', monthlyFeeCents: 19_900 },
];

export const demoFacilities = [
  'Wi-Fi',
  'Ar-condicionado',
  'Maca',
  'Divã',
  'Pia com água corrente',
  'Isolamento acústico',
  'Acessibilidade para cadeirantes',
  'Estacionamento',
  'Recepção',
  'Café e água',
  'Computador',
  'Cadeira odontológica',
];

export type Hours = { weekday: number; opensAt: string; closesAt: string }[];

export const weekdays = (opensAt: string, closesAt: string): Hours =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt, closesAt }));
export const saturday = (opensAt: string, closesAt: string): Hours => [{ weekday: 6, opensAt, closesAt }];
const everyDay = (): Hours =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '00:00', closesAt: '23:59' }));

export interface DemoRoom {
  name: string;
  description: string;
  /** BRL per hour; stored as price_per_minute. */
  hourly: number;
  kind: RoomKind;
  facilities: string[];
  hours?: Hours;
  fixed?: boolean;
}

export interface DemoClinic {
  name: string;
  description: string;
  email: string;
  phone: { areaCode: string; number: string };
  address: {
    zipCode: string;
    street: string;
    number: string;
    complement?: string;
    neighborhood: string;
    city: string;
    state: string;
  };
  /**
   * Where the clinic is (WGS 84), read off a map of its neighbourhood: the demo never asks a
   * geocoder, so seeding needs no network (DESIGN §10 "Where rooms are").
   */
  location: { lat: number; lng: number };
  hours: Hours;
  palette: Palette;
  rooms: DemoRoom[];
  /** IANA zone of the clinic's wall clock; São Paulo when absent. */
  timezone?: string;
  /** How long ago the clinic joined; its history starts then (default: before the demo's history). */
  openedDaysAgo?: number;
}

export interface DemoPartner {
  name: string;
  email: string;
  plan: string;
  legalName: string;
  cnpjBase: string;
  phone: string;
  bank: { bankCode: string; agency: string; account: string; accountDigit: string };
  clinics: DemoClinic[];
}

export const demoPartners: DemoPartner[] = [
  {
    name: 'Helena Martins',
    email: 'parceiro@salas.test',
    plan: 'Profissional',
    legalName: 'Vida Plena Serviços de Saúde Ltda.',
    cnpjBase: '112223330001',
    phone: '11987654321',
    bank: { bankCode: '341', agency: '0912', account: '45678', accountDigit: '3' },
    clinics: [
      {
        name: 'Espaço Vida Plena Paulista',
        description:
          'Consultórios mobiliados a dois quarteirões do metrô Trianon-Masp, com recepção, café e salas com isolamento acústico.',
        email: 'paulista@vidaplena.com.br',
        phone: { areaCode: '11', number: '32851234' },
        address: {
          zipCode: '01310100',
          street: 'Avenida Paulista',
          number: '1578',
          complement: 'Conjunto 42',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
        },
        location: { lat: -23.5614, lng: -46.6558 },
        hours: [...weekdays('07:00', '21:00'), ...saturday('08:00', '14:00')],
        palette: { wall: '#e8f1ee', floor: '#c9b79c', accent: '#0b7a75' },
        rooms: [
          {
            name: 'Consultório Jardim',
            description:
              'Sala clara com janela para o jardim interno, mesa, duas poltronas e divã. Ideal para psicoterapia.',
            hourly: 65,
            kind: 'diva',
            facilities: [
              'Wi-Fi',
              'Ar-condicionado',
              'Divã',
              'Isolamento acústico',
              'Café e água',
              'Recepção',
            ],
            fixed: true,
          },
          {
            name: 'Sala Atendimento 2',
            description:
              'Consultório com mesa, computador e poltronas, pensado para consultas de nutrição e avaliações.',
            hourly: 55,
            kind: 'consultorio',
            facilities: ['Wi-Fi', 'Ar-condicionado', 'Computador', 'Recepção', 'Pia com água corrente'],
          },
          {
            name: 'Sala Movimento',
            description:
              'Sala ampla com maca elétrica e espaço livre para fisioterapia, pilates de solo e RPG.',
            hourly: 80,
            kind: 'maca',
            facilities: [
              'Wi-Fi',
              'Ar-condicionado',
              'Maca',
              'Pia com água corrente',
              'Acessibilidade para cadeirantes',
            ],
            hours: [...weekdays('06:00', '22:00'), ...saturday('07:00', '13:00')],
          },
        ],
      },
      {
        name: 'Vida Plena Pinheiros',
        description:
          'Casa reformada perto do Largo da Batata, com estacionamento conveniado e salas silenciosas.',
        email: 'pinheiros@vidaplena.com.br',
        phone: { areaCode: '11', number: '30816677' },
        address: {
          zipCode: '05422001',
          street: 'Rua dos Pinheiros',
          number: '870',
          neighborhood: 'Pinheiros',
          city: 'São Paulo',
          state: 'SP',
        },
        location: { lat: -23.5646, lng: -46.6817 },
        hours: [...weekdays('08:00', '20:00'), ...saturday('09:00', '13:00')],
        palette: { wall: '#f3ede4', floor: '#a98b6d', accent: '#b5651d' },
        rooms: [
          {
            name: 'Sala Ipê',
            description:
              'Consultório aconchegante com poltronas e luz natural, para terapia individual e de casal.',
            hourly: 50,
            kind: 'diva',
            facilities: ['Wi-Fi', 'Ar-condicionado', 'Divã', 'Isolamento acústico', 'Estacionamento'],
          },
          {
            name: 'Sala de Grupo',
            description:
              'Sala para até 12 pessoas, com cadeiras, quadro branco e projetor. Boa para grupos terapêuticos e workshops.',
            hourly: 120,
            kind: 'grupo',
            facilities: [
              'Wi-Fi',
              'Ar-condicionado',
              'Estacionamento',
              'Café e água',
              'Acessibilidade para cadeirantes',
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Rodrigo Nunes',
    email: 'parceiro2@salas.test',
    plan: 'Essencial',
    legalName: 'Rede Acolher Coworking em Saúde Ltda.',
    cnpjBase: '457231740001',
    phone: '31991234567',
    bank: { bankCode: '260', agency: '0001', account: '9876543', accountDigit: '1' },
    clinics: [
      {
        name: 'Acolher Savassi',
        description:
          'Coworking de saúde na Savassi, aberto 24 horas para profissionais cadastrados, com portaria e câmeras.',
        email: 'savassi@acolher.com.br',
        phone: { areaCode: '31', number: '32214455' },
        address: {
          zipCode: '30140071',
          street: 'Rua Pernambuco',
          number: '1002',
          complement: '5º andar',
          neighborhood: 'Savassi',
          city: 'Belo Horizonte',
          state: 'MG',
        },
        location: { lat: -19.9367, lng: -43.9336 },
        hours: everyDay(),
        palette: { wall: '#eef0f7', floor: '#b9a58c', accent: '#3f51b5' },
        rooms: [
          {
            name: 'Consultório 501',
            description: 'Consultório completo com mesa, poltronas e pia. Acesso 24 horas.',
            hourly: 45,
            kind: 'consultorio',
            facilities: ['Wi-Fi', 'Ar-condicionado', 'Pia com água corrente', 'Computador'],
          },
          {
            name: 'Sala Odontológica 502',
            description:
              'Sala equipada com cadeira odontológica, fotopolimerizador e autoclave compartilhada.',
            hourly: 90,
            kind: 'odonto',
            facilities: ['Wi-Fi', 'Ar-condicionado', 'Cadeira odontológica', 'Pia com água corrente'],
            hours: [...weekdays('08:00', '18:00')],
          },
        ],
      },
      {
        name: 'Acolher Botafogo',
        description: 'A poucos passos do metrô Botafogo, com vista para o Cristo e recepção das 8h às 20h.',
        email: 'botafogo@acolher.com.br',
        phone: { areaCode: '21', number: '25379900' },
        address: {
          zipCode: '22250040',
          street: 'Praia de Botafogo',
          number: '300',
          complement: 'Sala 1104',
          neighborhood: 'Botafogo',
          city: 'Rio de Janeiro',
          state: 'RJ',
        },
        location: { lat: -22.9459, lng: -43.1823 },
        hours: [...weekdays('08:00', '20:00'), ...saturday('08:00', '12:00')],
        palette: { wall: '#fdf1e7', floor: '#c2a27d', accent: '#d35d47' },
        rooms: [
          {
            name: 'Sala Pão de Açúcar',
            description: 'Sala com maca e vista para a baía, para fisioterapia, acupuntura e massoterapia.',
            hourly: 70,
            kind: 'maca',
            facilities: ['Wi-Fi', 'Ar-condicionado', 'Maca', 'Recepção', 'Café e água'],
            fixed: true,
          },
          {
            name: 'Sala Corcovado',
            description: 'Consultório com divã e poltronas, tratamento acústico e luz regulável.',
            hourly: 60,
            kind: 'diva',
            facilities: ['Wi-Fi', 'Ar-condicionado', 'Divã', 'Isolamento acústico', 'Recepção'],
          },
        ],
      },
    ],
  },
];

export interface DemoSpecialist {
  name: string;
  email: string;
  cpf: string;
  birthDate: string;
  phone: string;
  profession: string;
  council: string;
  councilNumber: string;
  councilState: string;
  address: {
    zipCode: string;
    street: string;
    number: string;
    neighborhood: string;
    city: string;
    state: string;
  };
  /** Rooms (by name) this specialist books in the demo. */
  rooms: string[];
  /** Chose WhatsApp notices (on the profile's mobile) this many days ago. */
  whatsappDaysAgo?: number;
}

export const demoSpecialists: DemoSpecialist[] = [
  {
    name: 'Mariana Costa',
    email: 'especialista@salas.test',
    cpf: '52998224725',
    birthDate: '1990-03-14',
    phone: '11976543210',
    profession: 'Psicóloga',
    council: 'CRP',
    councilNumber: '06/145872',
    councilState: 'SP',
    address: {
      zipCode: '04538132',
      street: 'Avenida Brigadeiro Faria Lima',
      number: '3477',
      neighborhood: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
    },
    rooms: ['Consultório Jardim', 'Sala Ipê'],
    whatsappDaysAgo: 30,
  },
  {
    name: 'Lucas Ferreira',
    email: 'especialista2@salas.test',
    cpf: '11144477735',
    birthDate: '1986-09-02',
    phone: '21998761234',
    profession: 'Fisioterapeuta',
    council: 'CREFITO',
    councilNumber: '2/98765-F',
    councilState: 'RJ',
    address: {
      zipCode: '22041001',
      street: 'Rua Barata Ribeiro',
      number: '502',
      neighborhood: 'Copacabana',
      city: 'Rio de Janeiro',
      state: 'RJ',
    },
    rooms: ['Sala Pão de Açúcar', 'Sala Movimento'],
  },
];
