/** Texts of the room list and room page. */
export const text = {
  title: 'Salas para alugar',
  subtitle: 'Consultórios e salas em clínicas e coworkings de saúde, por hora.',
  results: (n: number) => (n === 1 ? '1 sala encontrada' : `${n} salas encontradas`),
  sort: 'Ordenar por',
  sorts: {
    relevance: 'Relevância',
    name: 'Nome',
    price_asc: 'Menor preço',
    price_desc: 'Maior preço',
    rating: 'Mais bem avaliadas',
    distance: 'Mais próximas',
  },
  /** What a screen reader says for "★ 4,7 (23)". */
  rating: (avg: string, count: string) => `Nota ${avg} de 5, ${count}`,
  empty: 'Nenhuma sala encontrada com esses filtros. Tente outra cidade, bairro ou data.',
  clear: 'Ver todas as salas',
  searchFor: (s: string) => `Resultados para “${s}”`,
  onDate: (d: string) => `com horário livre em ${d.split('-').reverse().join('/')}`,
  perHour: '/hora',
  filters: {
    title: 'Filtros',
    open: (n: number) => (n ? `Filtros (${n})` : 'Filtros'),
    neighborhood: 'Bairro',
    anyNeighborhood: 'Todos os bairros',
    neighborhoodOption: (name: string, cities: string[], n: number) =>
      `${name}${cities.length ? ` · ${cities.join(', ')}` : ''} (${n})`,
    price: 'Preço por hora',
    minPrice: 'Preço mínimo por hora, em reais',
    maxPrice: 'Preço máximo por hora, em reais',
    min: 'Mín.',
    max: 'Máx.',
    facilities: 'Diferenciais',
    rating: 'Avaliação',
    anyRating: 'Qualquer avaliação',
    ratingOption: (n: string) => `${n} estrelas ou mais`,
    facilityOption: (name: string, n: number) => `${name} (${n})`,
    noFacilities: 'Nenhum diferencial nas salas encontradas.',
    clear: 'Limpar filtros',
    close: 'Fechar filtros',
    show: (n: number | undefined) =>
      n === undefined ? 'Ver salas' : n === 1 ? 'Ver 1 sala' : `Ver ${n} salas`,
  },
  freeHours: {
    title: (date: string) => `Horários livres em ${date.split('-').reverse().slice(0, 2).join('/')}`,
    none: 'Sem horários livres neste dia',
    hour: (time: string, room: string) => `${time}, reservar ${room}`,
    more: (n: number) => (n === 1 ? '+1 horário' : `+${n} horários`),
    moreLabel: (n: number, room: string) => `Ver mais ${n} horários de ${room}`,
  },
  suggestions: 'Sugestões',
  suggestionCount: (n: number) => (n === 1 ? '1 sugestão' : `${n} sugestões`),
  suggestionKinds: { state: 'Estado', city: 'Cidade', neighborhood: 'Bairro', clinic: 'Clínica' },
  pinned: 'Destaque',
  room: {
    about: 'Sobre a sala',
    facilities: 'Diferenciais',
    where: 'Onde fica',
    openMaps: 'Abrir no mapa',
    openMapsLabel: (address: string) => `Abrir ${address} no app de mapas (abre em nova aba)`,
    hours: 'Horário de funcionamento',
    closed: 'Fechado',
    allDay: '24 horas',
    availability: 'Horários livres',
    /** The room's rules a person meets when picking, in one line (only those that differ from the plain hour). */
    rules: (
      r: {
        slot_minutes: number;
        min_booking_minutes: number;
        buffer_minutes: number;
        min_notice_minutes: number;
        max_days_ahead: number;
      },
      duration: (m: number) => string,
    ) =>
      [
        r.slot_minutes === 30 ? 'Horários de meia em meia hora' : null,
        r.min_booking_minutes > r.slot_minutes
          ? `Reserva mínima de ${duration(r.min_booking_minutes)}`
          : null,
        r.buffer_minutes > 0 ? `${r.buffer_minutes} min livres após cada reserva para limpeza` : null,
        r.min_notice_minutes > 0 ? `Reserve com ${duration(r.min_notice_minutes)} de antecedência` : null,
        r.max_days_ahead < 365 ? `Agenda aberta até ${r.max_days_ahead} dias à frente` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    pickDate: 'Escolha um dia no calendário para ver os horários.',
    noSlots: 'Sem horários livres neste dia. Escolha outro dia.',
    loading: 'Carregando horários...',
    free: 'livre',
    taken: 'ocupado',
    back: 'Voltar para as salas',
    dayFree: 'com horários livres',
    dayFull: 'sem horários livres',
    dayPicked: (n: number) => (n === 1 ? '1 horário escolhido' : `${n} horários escolhidos`),
    legendFree: 'Dia com horários livres',
    legendPicked: 'Dia com horários escolhidos',
    hoursOf: (day: string) => `Horários de ${day}`,
    previousMonth: 'Mês anterior',
    nextMonth: 'Próximo mês',
    picked: 'Sua seleção',
    showDay: (day: string) => `Ver os horários de ${day}`,
    removeDay: (day: string) => `Remover os horários de ${day}`,
    onlySpecialists: 'Reservas são feitas por especialistas e parceiros.',
    previewTitle: 'Pré-visualização',
    previewBody:
      'Esta sala ainda não está publicada (ou está inativa): só você a vê, assim como os visitantes a verão. Ela recebe reservas depois de publicada.',
    previewEdit: 'Voltar ao editor da sala',
    previewNoBooking: 'Pré-visualização: a sala recebe reservas depois de publicada.',
    freeCancellation: (hours: number) => `Cancelamento gratuito até ${hours} horas antes.`,
    /** Shown only without scripts, above the "Reservar" they leave off. */
    noScripts:
      'Para reservar ou repetir horários, ative o JavaScript do navegador e recarregue a página: entrar na conta e pagar (cartão ou Pix) precisam dele. Os horários escolhidos continuam no endereço.',
  },
  bar: {
    pick: 'Escolha os horários',
    open: 'Reservar',
    sheet: 'Horários livres',
  },
  gallery: {
    photo: (name: string, i: number, n: number) => `${name} — foto ${i} de ${n}`,
    open: (i: number, n: number) => `Ampliar a foto ${i} de ${n}`,
    all: (n: number) => `Ver as ${n} fotos`,
    viewer: 'Fotos da sala',
    previous: 'Foto anterior',
    next: 'Próxima foto',
    close: 'Fechar',
    counter: (i: number, n: number) => `${i} de ${n}`,
    noPhotos: 'Esta sala ainda não tem fotos.',
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
