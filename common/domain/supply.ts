/**
 * Partners' supply: weekdays, contact and photo kinds, SPEC §8 messages.
 * Plain values without zod: public pages import them without loading the validation library.
 */
export const weekdayNames = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

export const WHOLE_DAY_HINT = 'Para funcionar 24 horas, use 00:00 a 23:59.';

export const contactTypes = ['mobile', 'landline', 'whatsapp', 'commercial'] as const;

export const contactTypeLabels: Record<(typeof contactTypes)[number], string> = {
  mobile: 'Celular',
  landline: 'Fixo',
  whatsapp: 'WhatsApp',
  commercial: 'Comercial',
};

export const photoTypes = ['clinic', 'room', 'profile'] as const;

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** SPEC §8 messages of these screens, verbatim. */
export const supplyMessages = {
  saved: 'Informações Atualizadas com Sucesso!',
  clinicDeleteFailed: 'Erro ao excluir clinica',
  clinicHasRooms: 'A clínica ainda tem salas cadastradas. Exclua ou mova as salas antes.',
  clinicHasAppointments: 'A clínica tem agendamentos pendentes.',
  roomDeleteFailed: 'Erro ao atualizar informações. Verifique se a sala possui algum agendamento pendente!',
  photoFailed: 'Erro ao inserir imagem!',
  photoType: 'Envie imagens JPG, JPEG, PNG ou WEBP.',
  photoSize: 'Cada imagem pode ter no máximo 10 MB.',
  photoPixels: 'A imagem tem pixels demais (máximo de 40 megapixels).',
  photoBroken: 'Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.',
  notFound: 'Recurso não encontrado.',
} as const;
