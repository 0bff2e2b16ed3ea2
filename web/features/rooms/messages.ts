/** Texts of the room list and room page. */
export const text = {
  title: 'Salas para alugar',
  subtitle: 'Consultórios e salas em clínicas e coworkings de saúde, por hora.',
  results: (n: number) => (n === 1 ? '1 sala encontrada' : `${n} salas encontradas`),
  sort: 'Ordenar por',
  sorts: { name: 'Nome', price_asc: 'Menor preço', price_desc: 'Maior preço' },
  empty: 'Nenhuma sala encontrada com esses filtros. Tente outra cidade, bairro ou data.',
  clear: 'Ver todas as salas',
  searchFor: (s: string) => `Resultados para “${s}”`,
  onDate: (d: string) => `com horário livre em ${d.split('-').reverse().join('/')}`,
  perHour: '/hora',
  pinned: 'Destaque',
  room: {
    about: 'Sobre a sala',
    facilities: 'Diferenciais',
    where: 'Onde fica',
    hours: 'Horário de funcionamento',
    availability: 'Horários livres',
    pickDate: 'Escolha um dia para ver os horários.',
    noSlots: 'Sem horários neste dia.',
    free: 'livre',
    taken: 'ocupado',
    back: 'Voltar para as salas',
  },
  repeat: {
    label: 'Repetir toda semana por',
    weeks: (n: number) => (n === 1 ? 'mais 1 semana' : `mais ${n} semanas`),
    action: 'Repetir horários',
    added: (n: number) =>
      n === 0
        ? 'Nenhum horário livre nas próximas semanas.'
        : n === 1
          ? '1 horário adicionado.'
          : `${n} horários adicionados.`,
    unavailable: (list: string) => `Indisponíveis: ${list}.`,
  },
} as const;
