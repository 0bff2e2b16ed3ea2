/** pt-BR text of the privacy section (LGPD self-service). */
export const text = {
  title: 'Privacidade e seus dados',
  intro:
    'Pela Lei Geral de Proteção de Dados (LGPD), você pode baixar tudo o que o Salas guarda sobre você e excluir a sua conta quando quiser.',
  policy: 'Política de privacidade',
  download: 'Baixar meus dados',
  downloadHint: 'Um arquivo .zip com seus dados (dados.json) e suas fotos.',
  downloaded: (name: string) => `Arquivo ${name} baixado.`,
  downloadFailed: 'Não foi possível baixar seus dados',
  delete: 'Excluir minha conta',
  deleteHint: 'Apaga seus dados pessoais e encerra o acesso. Não dá para desfazer.',
  modal: {
    title: 'Excluir minha conta',
    erasedTitle: 'O que é apagado',
    erased:
      'Seu nome, e-mail, senha, CPF, telefone, data de nascimento, conselho profissional, endereços, cartões salvos, fotos e sessões abertas. Você não conseguirá mais entrar com esta conta.',
    bookingsTitle: 'Reservas futuras',
    bookings:
      'Os horários que ainda vão acontecer são cancelados pelas regras de sempre: com 24 horas ou mais de antecedência o valor volta inteiro para o meio de pagamento; com menos, não há reembolso. Reservas Pix ainda não pagas são canceladas.',
    keptTitle: 'O que fica guardado, e por quê',
    kept: 'Reservas, pagamentos e reembolsos ficam guardados sem o seu nome, porque a lei fiscal e o Código de Defesa do Consumidor exigem esses registros por até 5 anos (LGPD, art. 16, I).',
    partner: 'Parceiros: desative antes suas salas e cancele os horários já reservados nelas.',
    again: 'Você poderá criar uma conta nova com o mesmo e-mail quando quiser.',
    password: 'Sua senha',
    passwordHint: 'Digite a senha que você usa para entrar, para confirmar que é você.',
    cancel: 'Voltar',
    confirm: 'Excluir minha conta',
    failed: 'Não foi possível excluir a conta',
    doneTitle: 'Conta excluída',
    doneNotice:
      'Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail. Reservas e pagamentos ficam guardados de forma anônima pelo prazo da lei.',
  },
} as const;

/** Where a deleted account lands: the home page, which shows `text.modal.doneNotice`. */
export const DELETED_NOTICE_URL = '/?conta=excluida';
