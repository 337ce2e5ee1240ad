/**
 * The one HTTP client of the web app. Every call goes through `request`, which adds the session token and the
 * language, unwraps the `{ success, code, message, value }` envelope, and ends the session when an authenticated
 * call answers 401.
 */
import { type RouteRequest, type RouteResponse, type UseCaseRequest, type UseCaseResponse, type UseCaseRoute, type UseCases } from '@wps/contracts';
import { useCases } from './useCases';
import i18n from './i18n';
import { clearSession, getToken } from './session';

/** The interface language's code, sent with every call so that answers come in it. */
export type ApiLanguage = string;

export interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value?: T;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly value: unknown;

  constructor(status: number, code: string, message: string, value?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.value = value;
  }
}

// ---- Shapes ---------------------------------------------------------------------------------------------------

type Answer<K extends keyof UseCases> = UseCaseResponse<UseCases[K]>;
type Fields<K extends keyof UseCases> = UseCaseRequest<UseCases[K]>;

export type SystemStatus = Answer<'systemStatus'>;

export type MemberInfo = Answer<'memberInfo'>;

/** A login or registration answer that carries a session (no second step owed). */
export type LoginValue = Answer<'login'> & { token: string };

/** The balance as the client keeps it: the answer, with the brand's currency symbol once known. */
export type BalanceValue = UseCaseResponse<UseCases['balance']> & { currencySymbol?: string };

export type DemoDepositValue = UseCaseResponse<UseCases['demoDeposit']>;

export interface LoginFailureValue {
  captcha?: boolean;
}

// ---- Player money --------------------------------------------------------------------------------------------

export interface Paged<T> {
  content: T[];
  pageNum: number;
  totalPages: number;
  total: number;
}

export type DepositMethod = Answer<'depositMethods'>[number];
export type DepositMethodKind = DepositMethod['kind'];
export type Deposit = Answer<'createDeposit'>;
export type ProofFile = Fields<'depositProof'>['files'][number];
export type DepositLimits = Answer<'depositLimits'>;
export type LimitValue = DepositLimits['daily'];
export type DepositLimitsUpdate = Fields<'setDepositLimits'>;
export type WithdrawBody = Fields<'withdraw'> & { paymentPassword: string };
export type Withdrawal = Answer<'withdraw'>;
export type ConfirmResult = Fields<'confirmWithdrawal'>['result'];
export type ConfirmWithdrawalBody = Omit<Fields<'confirmWithdrawal'>, 'withdrawalId'>;
export type MerchantWallet = Answer<'merchantWallet'>;
export type TransferBody = Fields<'walletTransfer'> & { paymentPassword: string };
export type TransferValue = Answer<'walletTransfer'>;
export type PaymentPasswordBody = Fields<'setPaymentPassword'> & { password: string; confirmPassword: string };
export type AccountRecord = Answer<'accountRecord'>['content'][number];
export type AccountRecordQuery = Fields<'accountRecord'>;

// ---- Hooks the app registers -------------------------------------------------------------------------------

let currentLanguage: () => ApiLanguage = () => 'ES';
const unauthorizedListeners = new Set<() => void>();

export function setLanguageProvider(provider: () => ApiLanguage): void {
  currentLanguage = provider;
}

/** Called after an authenticated call answered 401 and the session has been cleared. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

// ---- Core ------------------------------------------------------------------------------------------------------

export interface RequestOptions {
  body?: unknown;
  /** Send the session token (and treat a 401 as the end of the session). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  const token = options.auth ? getToken() : null;
  if (options.auth) {
    if (!token) throw new ApiError(401, 'NOT_LOGGED_IN', i18n.t('err_not_logged_in'));
    headers.Authorization = `Bearer ${token}`;
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal: options.signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', i18n.t('err_network'));
  }

  let envelope: Envelope<T> | null = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      envelope = null;
    }
  }

  if (response.status === 401 && token) {
    // Only end the session if it is still the one this call was made with.
    if (getToken() === token) {
      clearSession();
      for (const listener of unauthorizedListeners) listener();
    }
  }

  if (!envelope || typeof envelope !== 'object' || typeof envelope.success !== 'boolean') {
    const code = response.ok ? 'BAD_RESPONSE' : response.status >= 500 || response.status === 0 ? 'NETWORK' : 'UNKNOWN';
    throw new ApiError(response.status, code, i18n.t(code === 'NETWORK' ? 'err_network' : 'err_unknown'));
  }
  if (!response.ok || !envelope.success) {
    throw new ApiError(response.status, envelope.code ?? 'UNKNOWN', envelope.message || i18n.t('err_unknown'), envelope.value);
  }
  return envelope.value as T;
}

// ---- Declared use cases --------------------------------------------------------------------------------------

export interface CallOptions {
  signal?: AbortSignal;
  /** Required by the declaration of money-moving calls; the same key on a retry answers the first result. */
  idempotencyKey?: string;
  /**
   * Send the session on a call any guest may make, whose answer then includes what is the member's (a table's state).
   * As on a member call, a missing session fails the call and a 401 ends it.
   */
  withSession?: boolean;
}

/**
 * Calls a use case declared in `@wps/contracts`: its method and path, path fields filled in, the other fields as the
 * query (GET) or the JSON body, the session token when the call needs a member. The answer is typed by the declaration.
 */
export function call<R extends UseCaseRoute>(useCase: R, input: RouteRequest<R>, options: CallOptions = {}): Promise<RouteResponse<R>> {
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const path = useCase.paths[0].replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  });
  const auth = useCase.auth === 'member' || useCase.auth === 'real-member' || options.withSession === true;
  const headers = options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;
  if (useCase.method === 'GET') {
    const search = query(fields as Record<string, string | number | undefined>);
    return request<RouteResponse<R>>('GET', search ? `${path}?${search}` : path, { auth, headers, signal: options.signal });
  }
  return request<RouteResponse<R>>(useCase.method, path, { auth, headers, body: fields, signal: options.signal });
}

// ---- Endpoints -----------------------------------------------------------------------------------------------

export const api = {
  systemStatus: (signal?: AbortSignal) => call(useCases.systemStatus, {}, { signal }),
  memberInfo: () => call(useCases.memberInfo, {}),
  login: (body: Fields<'login'>) => call(useCases.login, body),
  register: (body: Fields<'register'>) => call(useCases.register, body),
  logout: () => call(useCases.logout, {}),
  balance: () => call(useCases.balance, {}),
  demoDeposit: (amount: string, idempotencyKey: string) => call(useCases.demoDeposit, { amount }, { idempotencyKey }),
  depositMethods: () => call(useCases.depositMethods, {}),
  createDeposit: (body: { methodCode: string; amount: string }, idempotencyKey: string) => call(useCases.createDeposit, body, { idempotencyKey }),
  uploadDepositProof: (depositId: string, files: ProofFile[], idempotencyKey: string) => call(useCases.depositProof, { depositId, files }, { idempotencyKey }),
  deposits: (pageNo: number, pageSize: number) => call(useCases.deposits, { pageNo, pageSize }),
  withdrawals: (pageNo: number, pageSize: number) => call(useCases.withdrawals, { pageNo, pageSize }),
  depositLimits: () => call(useCases.depositLimits, {}),
  updateDepositLimits: (body: DepositLimitsUpdate) => call(useCases.setDepositLimits, body),
  paymentPasswordStatus: () => call(useCases.paymentPasswordStatus, {}),
  setPaymentPassword: (body: PaymentPasswordBody) => call(useCases.setPaymentPassword, body),
  withdraw: (body: WithdrawBody, idempotencyKey: string) => call(useCases.withdraw, body, { idempotencyKey }),
  confirmWithdrawal: (withdrawalId: string, body: ConfirmWithdrawalBody, idempotencyKey: string) => call(useCases.confirmWithdrawal, { ...body, withdrawalId }, { idempotencyKey }),
  merchantWallet: () => call(useCases.merchantWallet, { isSingle: '1' }),
  transfer: (body: TransferBody, idempotencyKey: string) => call(useCases.walletTransfer, body, { idempotencyKey }),
  accountRecords: (q: AccountRecordQuery) => call(useCases.accountRecord, q),
  bets: (pageNo: number, pageSize: number) => call(useCases.betRecord, { pageNo, pageSize }),
};

/** Query string of the defined, non-empty values. */
function query(values: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  return params.toString();
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18n.t('err_unknown');
}

/** The call never reached the server or its answer was lost: the same action may be retried with the same key. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.code === 'NETWORK');
}
