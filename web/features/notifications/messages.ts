/** pt-BR text of the WhatsApp notices' switch. */
export const text = {
  title: 'Avisos pelo WhatsApp',
  label: 'Receber avisos pelo WhatsApp',
  what: 'Mandamos pelo WhatsApp as confirmações de reserva, os lembretes antes de cada horário e os cancelamentos. Os e-mails continuam chegando como sempre.',
  off: 'Você pode desligar aqui quando quiser, ou respondendo PARAR a qualquer mensagem nossa.',
  use: 'Usamos esse número só para esses avisos. Saiba mais na',
  policy: 'Política de privacidade',
  to: (phone: string) => `Os avisos vão para ${phone}, o celular do seu perfil.`,
  wouldGo: (phone: string) => `Ao ativar, os avisos vão para ${phone}, o celular do seu perfil.`,
  since: (when: string) => `Ativado em ${when}.`,
  fixPhone: 'Corrigir o celular',
  turnedOn: 'Avisos pelo WhatsApp ativados.',
  turnedOff: 'Avisos pelo WhatsApp desativados.',
  failed: 'Não foi possível mudar os avisos pelo WhatsApp',
} as const;
