/** The JSON error shape every API error answers with (DESIGN §4). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  /** Present only on the "account suspended" answer of the sign-in calls. */
  Status?: false;
  request_id?: string;
}

export const errorCodes = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  csrf: 419,
  validation: 422,
  throttled: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Thrown by services; one handler maps it to HTTP. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string[]>;
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: Record<string, string[]>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.extra = options.extra;
  }

  get status(): number {
    return errorCodes[this.code];
  }
}

/** Portuguese messages used by more than one layer. */
export const messages = {
  generic: 'Ocorreu um erro inesperado. Tente novamente em instantes.',
  unauthenticated: 'Você precisa entrar na sua conta para continuar.',
  forbidden: 'Você não tem permissão para acessar este recurso.',
  notFound: 'Recurso não encontrado.',
  badRequest: 'Requisição inválida.',
  routeNotFound: 'Rota não encontrada.',
  methodNotAllowed: 'Este endereço não aceita este método HTTP.',
  validation: 'Os dados enviados são inválidos.',
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  bodyTooLarge: 'O corpo da requisição é grande demais.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  csrf: 'Sessão expirada ou token de segurança (XSRF) inválido. Recarregue a página e tente novamente.',
  throttled: 'Por favor aguarde antes de tentar novamente',
  suspended:
    'Sua conta foi suspensa temporariamente por motivos de segurança. Entre em contato conosco para saber mais detalhes',
  invalidCredentials: 'Verifique o login e a senha para continuar.',
  emailTaken: 'Email existente',
  unavailable: 'O serviço está temporariamente indisponível. Tente novamente em alguns segundos.',
} as const;
