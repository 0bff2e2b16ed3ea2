/** Every text of the statements and payouts pages (DESIGN §9 "Statements and payouts"). */
import type { Settlement } from '#common/contracts/payouts';
import { formatBrl } from '#web/lib/format.ts';

export const payoutStatusLabels: Record<string, string> = {
  pending: 'Pendente',
  paid: 'Pago',
  canceled: 'Cancelado',
};

export const settlementLabels: Record<Settlement, string> = {
  split: 'Split Mercado Pago',
  payout: 'Repasse',
};

/** "05/07", the day a line's net becomes available. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export const text = {
  title: 'Repasses',
  totals: {
    pending: 'A receber',
    pendingHint: 'Ainda não liberado (aguarda o prazo após o atendimento)',
    available: 'Disponível',
    availableHint: 'Entra no próximo repasse',
    paid: 'Repassado',
    paidHint: 'Pago pelos repasses ou direto pelo Mercado Pago',
    ofMonth: 'Valores do mês escolhido',
  },
  month: 'Mês',
  room: 'Sala',
  allRooms: 'Todas as salas',
  download: 'Baixar extrato do mês (xlsx)',
  downloaded: 'Extrato baixado.',
  downloadFailed: 'Não foi possível baixar o extrato',
  linesTitle: 'Atendimentos do mês',
  linesLabel: 'Linhas do extrato',
  noLines: 'Nenhum atendimento pago neste mês.',
  noLinesInRoom: 'Nenhum atendimento desta sala neste mês.',
  monthSummary: (count: number, gross: number, net: number) =>
    `${count} ${count === 1 ? 'atendimento' : 'atendimentos'} no mês: bruto ${formatBrl(gross)}, líquido ${formatBrl(net)}.`,
  roomSummary: (count: number, gross: number, net: number) =>
    `${count} ${count === 1 ? 'atendimento' : 'atendimentos'} nesta sala: bruto ${formatBrl(gross)}, líquido ${formatBrl(net)}.`,
  columns: {
    date: 'Data',
    hour: 'Horário',
    room: 'Sala',
    status: 'Situação',
    gross: 'Bruto',
    refunded: 'Devolvido',
    fee: 'Comissão',
    net: 'Líquido',
    payout: 'Repasse',
    created: 'Criado em',
    partner: 'Parceiro',
    amount: 'Valor',
    reference: 'Comprovante',
    paidAt: 'Pago em',
    settlement: 'Recebimento',
    actions: 'Ações',
  },
  split: 'Pago pelo Mercado Pago',
  splitHint: 'Esta reserva foi cobrada na sua conta Mercado Pago: o líquido já caiu lá.',
  held: 'Retido (disputa)',
  heldHint: 'O pagamento está em disputa: o valor fica retido até ela terminar.',
  availableOn: (iso: string) => `Disponível em ${dayMonth(iso)}`,
  availableSince: (iso: string) => `Disponível desde ${dayMonth(iso)}`,
  inPayout: (date: string, status: string) => `Repasse de ${date} (${status})`,
  inPayoutUnknown: 'Em um repasse',
  payoutsTitle: 'Seus repasses',
  payoutsLabel: 'Repasses',
  noPayouts: 'Nenhum repasse ainda. Quando o valor disponível for repassado, ele aparece aqui.',
  lineCount: (n: number) => `${n} ${n === 1 ? 'atendimento' : 'atendimentos'}`,
  noReference: '—',
  // The operator's page.
  balancesTitle: 'Saldos por parceiro',
  balancesLabel: 'Saldos por parceiro',
  noBalances: 'Nenhum parceiro com valores a receber.',
  create: 'Criar repasse',
  createOf: (name: string) => `Criar repasse para ${name}`,
  createTitle: 'Criar repasse',
  createBody: (name: string, cents: number) =>
    `Criar um repasse de ${formatBrl(cents)} para ${name}? Ele leva tudo o que está disponível agora; depois de pagar, registre o comprovante.`,
  createConfirm: 'Criar repasse',
  keep: 'Voltar',
  created: (name: string, cents: number) => `Repasse de ${formatBrl(cents)} criado para ${name}.`,
  createFailed: 'Não foi possível criar o repasse',
  listTitle: 'Repasses',
  listLabel: 'Lista de repasses',
  status: 'Situação',
  allStatuses: 'Todas',
  noPayoutsFiltered: 'Nenhum repasse nesta situação.',
  noPayoutsYet: 'Nenhum repasse criado ainda. Crie um a partir dos saldos acima.',
  markPaid: 'Marcar como pago',
  markPaidOf: (name: string) => `Marcar como pago o repasse de ${name}`,
  payTitle: 'Registrar pagamento do repasse',
  payBody: (name: string, cents: number) => `${formatBrl(cents)} para ${name}.`,
  referenceLabel: 'Comprovante',
  referenceHint: 'O id fim a fim do Pix (E2E, começa com "E") ou o número do comprovante bancário.',
  payConfirm: 'Confirmar pagamento',
  paid: (name: string) => `Repasse de ${name} registrado como pago.`,
  payFailed: 'Não foi possível registrar o pagamento',
  cancel: 'Cancelar',
  cancelOf: (name: string) => `Cancelar o repasse de ${name}`,
  cancelTitle: 'Cancelar repasse',
  cancelBody: (name: string, cents: number) =>
    `Cancelar o repasse de ${formatBrl(cents)} para ${name}? Os atendimentos dele voltam a ficar disponíveis para o próximo repasse.`,
  cancelConfirm: 'Cancelar repasse',
  canceled: (name: string) => `Repasse de ${name} cancelado.`,
  cancelFailed: 'Não foi possível cancelar o repasse',
  exportTitle: 'Exportar para pagamento',
  exportHint:
    'Planilha com os repasses do período (datas no horário de Brasília) e a conta bancária e a chave Pix de cada parceiro.',
  exportPeriod: 'Período',
  export: 'Exportar repasses (xlsx)',
  exported: 'Arquivo exportado com sucesso',
  exportFailed: 'Erro ao exportar arquivo',
} as const;
