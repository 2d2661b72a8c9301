import cron from 'node-cron';
import { z } from 'zod';

// STYLE §5: configuration is parsed once, here; nothing else reads process.env.
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // A streaming replica of DATABASE_URL's server: reports, dashboards and public lists read
  // from it (deps.readDb), everything else from the primary (docs/deployment.md).
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // API processes sharing the port (node:cluster), each with its own pool; PostgreSQL only.
  API_WORKERS: z.coerce.number().int().min(1).max(32).default(1),
  // Set by the primary on each worker it forks (api-workers.ts); not for operators.
  PSC_API_WORKER_INDEX: z.coerce.number().int().min(0).default(0),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 86_400),
  // How long a process may answer signed-in requests from its last check of the session
  // (api/src/auth/session-check-cache.ts); 0 checks the database at every request.
  SESSION_CHECK_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  SIGN_IN_MAX_FAILURES_PER_USER: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  SIGN_IN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  SIGN_IN_SLOW_AFTER_FAILURES_PER_USER: z.coerce.number().int().min(1).default(10),
  SIGN_IN_SLOW_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // Messaging: mail leaves through the outbox over SMTP when SMTP_URL is set; without
  // it, mail stays in the outbox for an administrator to read at /staff/admin/outbox.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Public Service Commission <no-reply@localhost>'),
  /**
   * Where candidates open the portal: the base of links in mail (spec §2 /change/password/{tokenid}).
   * By default the address this process serves on this machine, http://localhost:<PORT>.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .optional()
    .transform((url) => url?.replace(/\/+$/, '')),
  SMS_PROVIDER: z.enum(['outbox-only', 'http', 'sparrow']).default('outbox-only'),
  SMS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  // Sparrow SMS v2 (SMS_PROVIDER=sparrow). Without SPARROW_SMS_URL, outside production, the
  // sandbox (api/src/messaging/sparrow) is served at SMS_SANDBOX_PATH and the sender posts to
  // it over loopback; in production the default is Sparrow's own address.
  SPARROW_SMS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  /** The account's API token. Never logged; required in production with SMS_PROVIDER=sparrow. */
  SPARROW_SMS_TOKEN: z.string().min(8).optional(),
  /** The sender identity Sparrow assigned to the account. */
  SPARROW_SMS_FROM: z.string().min(1).max(20).default('PSC_Alert'),
  OUTBOX_SENDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // Online payment: eSewa ePay v2. Without ESEWA_FORM_URL (and outside production) the sandbox
  // gateway (api/src/payments/sandbox) is served at PUBLIC_URL/payment-sandbox instead.
  ESEWA_FORM_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ESEWA_STATUS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  ESEWA_PRODUCT_CODE: z.string().min(1).default('EPAYTEST'),
  /** eSewa's published UAT key by default; production sets the merchant's own. Never logged. */
  ESEWA_SECRET_KEY: z.string().min(8).default('8gBm/:&EnhH.1/q'),
  // How long a started online payment stays open. eSewa publishes no session limit, only that a
  // merchant without an answer after five minutes asks the status API; 30 minutes is six times
  // that, so a session is never ended while the candidate may still be paying.
  ESEWA_SESSION_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  // How long a browser, proxy or CDN may reuse a public advertisement answer without asking
  // again. A withdrawn or closed advertisement can be served for at most this plus the API's own
  // 3-second copy (ADVERTISEMENT_CACHE_TTL_MS): 13 seconds by default.
  PUBLIC_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // spec §4 exam scheduling: an advertisement has no exam-window columns, so its exam window runs
  // from the day after its double-fee date (and after its finalised scrutiny) for this many days.
  EXAM_WINDOW_DAYS: z.coerce.number().int().min(1).max(1000).default(365),
  // spec §4 room and invigilator allocation: each room gets one invigilator per this many seated
  // candidates (at least one). A commission's directive, changed without a release, so config.
  INVIGILATOR_SEATS_PER: z.coerce.number().int().min(1).max(1000).default(25),
  // DESIGN "Signed documents": the Ed25519 private key (PKCS#8 PEM) that signs admit cards' QR
  // statements. Required in production; elsewhere a key is generated into DATA_DIR like the token
  // secret. Never logged.
  ADMIT_CARD_SIGNING_KEY: z.string().min(40).optional(),
  // The Chromium the API prints PDFs with (admit cards, the workstation's browser build).
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  // Backups (spec §4 "backups"; README "Backups"): where they go (DATA_DIR/backups by default),
  // how many are kept, when the nightly backup and the weekly restore drill run (cron, Nepal
  // time), who is mailed when one fails, and whether a first start takes one at once (the demo).
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(120).default(12),
  BACKUP_SCHEDULE: z.string().refine((value) => cron.validate(value), 'must be a cron expression such as 30 1 * * *').default('30 1 * * *'),
  BACKUP_DRILL_SCHEDULE: z.string().refine((value) => cron.validate(value), 'must be a cron expression such as 0 3 * * 6').default('0 3 * * 6'),
  BACKUP_ALERT_EMAIL: z.email('must be an e-mail address').optional(),
  BACKUP_ON_FIRST_START: z.enum(['true', 'false']).optional(),
});

/** Where the Sparrow SMS sandbox is served on the product's origin, outside production. */
export const SMS_SANDBOX_PATH = '/sms-sandbox';
/** The token the sandbox accepts when none is configured (development and tests only). */
export const SPARROW_SANDBOX_TOKEN = 'sandbox-token-not-secret';
const SPARROW_API_URL = 'https://api.sparrowsms.com/v2';

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** A streaming replica of databaseUrl for reads that may lag a little; undefined reads the primary. */
  databaseReplicaUrl: string | undefined;
  databasePoolSize: number;
  apiWorkers: number;
  /** Which worker this process is (0 when there is one process): only worker 0 runs the jobs. */
  apiWorkerIndex: number;
  dataDir: string;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * How old a session check a signed-in request may be answered by: a sign-out, block,
   * deactivation or password change made by ANOTHER API process is refused within this many
   * seconds; one made by this process at once.
   */
  sessionCheckCacheSeconds: number;
  signInMaxFailuresPerUser: number;
  signInMaxFailuresPerAddress: number;
  signInFailureWindowSeconds: number;
  /** Failures of one account from all addresses in a window after which its checks are paced. */
  signInSlowAfterFailuresPerUser: number;
  /** The longest pause between two paced checks of one account. */
  signInSlowMaxDelaySeconds: number;
  seedDemo: boolean;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** Read the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** smtp(s)://user:pass@host:port; undefined keeps mail in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The portal's address without a trailing slash, for links in mail. */
  publicUrl: string;
  /** 'outbox-only' keeps SMS in the outbox; 'http' posts each one as JSON to smsHttpUrl; 'sparrow' speaks Sparrow SMS v2. */
  smsProvider: 'outbox-only' | 'http' | 'sparrow';
  smsHttpUrl: string | undefined;
  /** Sparrow SMS v2: its base address (…/v2), token and sender; `sandbox` when the built-in sandbox stands in. */
  sparrow: { url: string; token: string; from: string; sandbox: boolean };
  outboxSenderIntervalSeconds: number;
  /** eSewa ePay v2; formUrl undefined means no real gateway is configured (the sandbox stands in). */
  esewa: { formUrl: string | undefined; statusUrl: string | undefined; productCode: string; secretKey: string };
  /** Minutes after which a started online payment nobody finished ends as expired ("not completed"). */
  onlinePaymentSessionMinutes: number;
  /** max-age of the public advertisement answers (Cache-Control), for browsers and a proxy/CDN in front. */
  publicCacheMaxAgeSeconds: number;
  /** Days after the double-fee date (and the finalised scrutiny) within which an exam may be scheduled. */
  examWindowDays: number;
  /** Seated candidates per room invigilator (at least one per room). */
  seatsPerInvigilator: number;
  /** PKCS#8 PEM of the Ed25519 key signing admit cards; undefined outside production generates one into dataDir. */
  admitCardSigningKey: string | undefined;
  chromiumPath: string;
  backup: {
    /** Undefined: <dataDir>/backups. */
    dir: string | undefined;
    keepDaily: number;
    keepMonthly: number;
    /** cron expressions in Nepal time. */
    schedule: string;
    drillSchedule: string;
    /** Mailed (through the outbox) when a backup or drill fails. */
    alertEmail: string | undefined;
    /** Take a backup and drill it on a start that finds none (true by default outside tests). */
    onFirstStart: boolean;
  };
};

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production (at least 32 characters)');
  }
  if (c.NODE_ENV === 'production' && !c.ADMIT_CARD_SIGNING_KEY) {
    throw new ConfigError('Invalid configuration:\n  ADMIT_CARD_SIGNING_KEY: required in production (an Ed25519 private key, PKCS#8 PEM)');
  }
  if (c.API_WORKERS > 1 && !c.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  API_WORKERS: more than 1 needs DATABASE_URL (the embedded database is one session in one process)');
  }
  if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of the PostgreSQL primary; the embedded database has none)');
  }
  if (c.ESEWA_FORM_URL && !c.ESEWA_STATUS_URL) {
    throw new ConfigError('Invalid configuration:\n  ESEWA_STATUS_URL: required when ESEWA_FORM_URL is set');
  }
  // The default key is eSewa's published test key: anyone could sign a payment with it.
  if (c.NODE_ENV === 'production' && c.ESEWA_FORM_URL && !env.ESEWA_SECRET_KEY) {
    throw new ConfigError("Invalid configuration:\n  ESEWA_SECRET_KEY: required in production with a real gateway (the default is eSewa's public test key)");
  }
  if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER is http');
  }
  if (c.NODE_ENV === 'production' && c.SMS_PROVIDER === 'sparrow' && !c.SPARROW_SMS_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  SPARROW_SMS_TOKEN: required in production when SMS_PROVIDER is sparrow');
  }
  const sparrowSandbox = !c.SPARROW_SMS_URL && c.NODE_ENV !== 'production';
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    databaseUrl: c.DATABASE_URL,
    databaseReplicaUrl: c.DATABASE_REPLICA_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    apiWorkers: c.API_WORKERS,
    apiWorkerIndex: c.PSC_API_WORKER_INDEX,
    dataDir: c.DATA_DIR,
    jwtSecret: c.JWT_SECRET,
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: c.REFRESH_TOKEN_TTL_SECONDS,
    sessionCheckCacheSeconds: c.SESSION_CHECK_CACHE_SECONDS,
    signInMaxFailuresPerUser: c.SIGN_IN_MAX_FAILURES_PER_USER,
    signInMaxFailuresPerAddress: c.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
    signInFailureWindowSeconds: c.SIGN_IN_FAILURE_WINDOW_SECONDS,
    signInSlowAfterFailuresPerUser: c.SIGN_IN_SLOW_AFTER_FAILURES_PER_USER,
    signInSlowMaxDelaySeconds: c.SIGN_IN_SLOW_MAX_DELAY_SECONDS,
    // Demo accounts are for the zero-set-up start; production must opt in explicitly.
    seedDemo: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    smsProvider: c.SMS_PROVIDER,
    smsHttpUrl: c.SMS_HTTP_URL,
    sparrow: {
      url: c.SPARROW_SMS_URL ?? (sparrowSandbox ? `http://127.0.0.1:${c.PORT}${SMS_SANDBOX_PATH}/v2` : SPARROW_API_URL),
      token: c.SPARROW_SMS_TOKEN ?? SPARROW_SANDBOX_TOKEN,
      from: c.SPARROW_SMS_FROM,
      sandbox: sparrowSandbox,
    },
    outboxSenderIntervalSeconds: c.OUTBOX_SENDER_INTERVAL_SECONDS,
    esewa: { formUrl: c.ESEWA_FORM_URL, statusUrl: c.ESEWA_STATUS_URL, productCode: c.ESEWA_PRODUCT_CODE, secretKey: c.ESEWA_SECRET_KEY },
    onlinePaymentSessionMinutes: c.ESEWA_SESSION_MINUTES,
    publicCacheMaxAgeSeconds: c.PUBLIC_CACHE_MAX_AGE_SECONDS,
    examWindowDays: c.EXAM_WINDOW_DAYS,
    seatsPerInvigilator: c.INVIGILATOR_SEATS_PER,
    admitCardSigningKey: c.ADMIT_CARD_SIGNING_KEY?.replace(/\\n/g, '\n'),
    chromiumPath: c.CHROMIUM_PATH,
    backup: {
      dir: c.BACKUP_DIR,
      keepDaily: c.BACKUP_KEEP_DAILY,
      keepMonthly: c.BACKUP_KEEP_MONTHLY,
      schedule: c.BACKUP_SCHEDULE,
      drillSchedule: c.BACKUP_DRILL_SCHEDULE,
      alertEmail: c.BACKUP_ALERT_EMAIL,
      onFirstStart: c.BACKUP_ON_FIRST_START === undefined ? c.NODE_ENV !== 'test' : c.BACKUP_ON_FIRST_START === 'true',
    },
  };
}
