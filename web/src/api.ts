/**
 * The one HTTP client of the web app. Every call goes through `request`, which adds the session token and the
 * language, unwraps the `{ success, code, message, value }` envelope, and ends the session when an authenticated
 * call answers 401.
 */
import i18n from './i18n';
import { clearSession, getToken, type SessionUser } from './session';

export type ApiLanguage = 'ES' | 'EN';

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

export interface MerchantInfo {
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  defaultLanguage: string;
  languages: string[];
}

export interface CustomerServiceEntry {
  csType?: string;
  path?: string;
  title?: string;
}

export interface SystemInfo {
  customerService: CustomerServiceEntry[] | null;
  domainRoute: unknown;
  resources: unknown;
  whitelabel: unknown;
  register: unknown;
  mainDomain: string | null;
  analytics: unknown;
  imageCDNs: string[] | null;
  launchGameCDNs: string[] | null;
  merchant: MerchantInfo;
}

export type SystemStatusCode = 0 | 1 | 2;

export interface SystemStatus {
  status: SystemStatusCode;
  info: SystemInfo;
  location: { ip: string };
  maintenance: boolean;
  maintenanceEnd: string | null;
  regionRestriction: boolean;
}

export interface MemberInfo {
  id: string | number;
  account: string;
  nickname: string | null;
  type: number;
  currency: string;
  currencySymbol: string;
}

export interface LoginValue {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  user: SessionUser;
}

export interface LoginBody {
  username: string;
  password: string;
  type: 'username';
  captcha?: string;
}

export interface RegisterBody {
  username: string;
  password: string;
  confirmPassword: string;
  registerUrl: string;
  registerMethod: 'WEB';
  referralCode?: string;
}

export interface BalanceValue {
  balance: string;
  currency: string;
  currencySymbol?: string;
  version: number;
}

export interface DemoDepositValue {
  balance: string;
  currency: string;
  version: number;
  transactionId: string;
}

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

export type DepositMethodKind = 'manual_bank' | 'sandbox_gateway';

export interface DepositMethod {
  code: string;
  kind: DepositMethodKind;
  name: string;
  minAmount: string;
  maxAmount: string;
  currency: string;
  details: { bankName?: string; accountName?: string; accountNumber?: string; note?: string };
}

export interface Deposit {
  id: string;
  status: string;
  method: string;
  amount: string;
  currency: string;
  createdAt: string;
  paymentUrl?: string;
  reason?: string | null;
  proofCount?: number;
}

export interface ProofFile {
  name: string;
  contentType: 'image/png' | 'image/jpeg';
  dataBase64: string;
}

export type LimitValue = string | null;

export interface DepositLimits {
  daily: LimitValue;
  weekly: LimitValue;
  monthly: LimitValue;
  pending?: { daily?: LimitValue; weekly?: LimitValue; monthly?: LimitValue; effectiveAt: string } | null;
}

export type DepositLimitsUpdate = Partial<Record<'daily' | 'weekly' | 'monthly', LimitValue>>;

export interface WithdrawBody {
  amount: string;
  paymentPassword: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
}

export interface Withdrawal {
  id: string;
  status: string;
  amount: string;
  currency: string;
  createdAt: string;
  bankName?: string;
  accountNumber?: string;
  receivedAmount?: string | null;
  autoConfirmed?: boolean;
  reason?: string | null;
}

export type ConfirmResult = 'received' | 'partial' | 'not_received';

export interface ConfirmWithdrawalBody {
  result: ConfirmResult;
  receivedAmount?: string;
  comment?: string;
  files?: ProofFile[];
}

export interface MerchantWallet {
  balance: string;
  held: string;
  available: string;
  currency: string;
  currencySymbol?: string;
}

export interface TransferBody {
  toAccount: string;
  amount: string;
  paymentPassword: string;
}

export interface TransferValue {
  transferId: string;
  balance: string;
  currency: string;
}

export interface PaymentPasswordBody {
  password: string;
  confirmPassword: string;
  oldPassword?: string;
}

export interface AccountRecord {
  id: string;
  type: string;
  amount: string;
  balanceAfter: string;
  currency: string;
  reference: string | null;
  createdAt: string;
}

export interface AccountRecordQuery {
  pageNo: number;
  pageSize: number;
  type?: string;
  from?: string;
  to?: string;
}

export interface BetRecord {
  roundId: string;
  vendor: string;
  gameType: string;
  gameCode: string | null;
  betAmount: string;
  validBet: string;
  winAmount: string;
  currency: string;
  status: string;
  createdAt: string;
  settledAt: string | null;
}

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
    throw new ApiError(
      response.status,
      envelope.code ?? 'UNKNOWN',
      envelope.message || i18n.t('err_unknown'),
      envelope.value,
    );
  }
  return envelope.value as T;
}

// ---- Endpoints -----------------------------------------------------------------------------------------------

export const api = {
  systemStatus: (signal?: AbortSignal) => request<SystemStatus>('GET', '/wps/system/status', { signal }),
  memberInfo: () => request<MemberInfo>('GET', '/wps/member/info', { auth: true }),
  login: (body: LoginBody) => request<LoginValue>('POST', '/wps/session/login', { body }),
  register: (body: RegisterBody) => request<LoginValue>('PUT', '/wps/member/register', { body }),
  logout: () => request<unknown>('DELETE', '/wps/session/logout', { auth: true }),
  balance: () => request<BalanceValue>('GET', '/wps/v2/wallets/balance', { auth: true }),
  demoDeposit: (amount: string, idempotencyKey: string) =>
    request<DemoDepositValue>('POST', '/wps/v2/wallets/deposit/demo', {
      auth: true,
      body: { amount },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  depositMethods: () => request<DepositMethod[]>('GET', '/wps/v2/deposit/methods', { auth: true }),
  createDeposit: (body: { methodCode: string; amount: string }, idempotencyKey: string) =>
    request<Deposit>('POST', '/wps/v2/deposit', { auth: true, body, headers: { 'Idempotency-Key': idempotencyKey } }),
  uploadDepositProof: (depositId: string, files: ProofFile[], idempotencyKey: string) =>
    request<{ id: string; proofCount: number }>('POST', `/wps/v2/deposit/${encodeURIComponent(depositId)}/proof`, {
      auth: true,
      body: { files },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  deposits: (pageNo: number, pageSize: number) =>
    request<Paged<Deposit>>('GET', `/wps/v2/deposits?${query({ pageNo, pageSize })}`, { auth: true }),
  withdrawals: (pageNo: number, pageSize: number) =>
    request<Paged<Withdrawal>>('GET', `/wps/v2/withdrawals?${query({ pageNo, pageSize })}`, { auth: true }),
  depositLimits: () => request<DepositLimits>('GET', '/wps/v2/wallets/deposit-limits', { auth: true }),
  updateDepositLimits: (body: DepositLimitsUpdate) =>
    request<DepositLimits>('PUT', '/wps/v2/wallets/deposit-limits', { auth: true, body }),
  paymentPasswordStatus: () => request<{ isSet: boolean }>('GET', '/wps/member/payment-password', { auth: true }),
  setPaymentPassword: (body: PaymentPasswordBody) =>
    request<unknown>('PUT', '/wps/member/payment-password', { auth: true, body }),
  withdraw: (body: WithdrawBody, idempotencyKey: string) =>
    request<Withdrawal>('POST', '/wps/v2/withdraw', { auth: true, body, headers: { 'Idempotency-Key': idempotencyKey } }),
  confirmWithdrawal: (withdrawalId: string, body: ConfirmWithdrawalBody, idempotencyKey: string) =>
    request<Withdrawal>('POST', `/wps/v2/withdrawals/${encodeURIComponent(withdrawalId)}/confirm`, {
      auth: true,
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  merchantWallet: () => request<MerchantWallet>('GET', '/wps/relay/GCS_merchantWallet?isSingle=1', { auth: true }),
  transfer: (body: TransferBody, idempotencyKey: string) =>
    request<TransferValue>('POST', '/wps/relay/GCS_walletTransfer', { auth: true, body, headers: { 'Idempotency-Key': idempotencyKey } }),
  accountRecords: (q: AccountRecordQuery) =>
    request<Paged<AccountRecord>>('GET', `/wps/v2/wallets/transactions?${query({ ...q })}`, { auth: true }),
  bets: (pageNo: number, pageSize: number) =>
    request<Paged<BetRecord>>('GET', `/wps/v2/bets?${query({ pageNo, pageSize })}`, { auth: true }),
};

/** Query string of the defined, non-empty values. */
function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(name, String(value));
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
