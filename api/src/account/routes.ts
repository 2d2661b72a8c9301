import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import {
  changePasswordSchema,
  deactivateAccountSchema,
  forgotPasswordSchema,
  passwordTokenSchema,
  recoveryStartSchema,
  recoveryVerifySchema,
  registerRequestSchema,
  requestNewPasswordSchema,
  resetPasswordSchema,
} from '@psc/core';
import { requireAuth } from '../auth/authenticate';
import { getClientAddress } from '../http/client-address';
import { envelopeSchema, errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { candidateRoute, createRouter, publicRoute } from '../http/router';
import { changePassword } from './change-password';
import { deactivateAccount } from './deactivate-account';
import { startRecovery, verifyRecovery } from './recover-account';
import { registerCandidate } from './register-candidate';
import { requestNewPassword } from './request-new-password';
import { requestPasswordReset } from './request-password-reset';
import { checkResetToken, resetPassword } from './reset-password';

// The candidate's account API: registration and the password and recovery flows of spec §1, §4
// and §7. Mounted at /api/psc. The public routes answer the same whether or not an account
// matched, so that they cannot be used to find out who has one.

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

const conflictResponse = { 409: { description: 'Already registered (errors name each field)', content: { 'application/json': { schema: errorEnvelopeSchema } } } };

/** The one candidate route open while a temporary password is still in use (spec §4: it must be changed before anything else). */
const passwordChangeRoute = <R extends RouteConfig>(config: R) =>
  createRoute({ ...config, middleware: [requireAuth('candidate', { allowPendingPasswordChange: true })], security: [{ bearer: [] }] });

const registeredSchema = z
  .object({
    masterId: z.number().int(),
    username: z.string(),
    email: z.string(),
    mailOutboxUrl: z.string().nullable().openapi({ description: 'In development without SMTP_URL, where the unsent mail can be read (the workstation outbox); null otherwise' }),
  })
  .openapi('RegisteredCandidate');

export const accountRoutes = createRouter()
  .openapi(
    publicRoute({
      method: 'post',
      path: '/register',
      summary: 'Register a candidate; the temporary password goes by e-mail (spec §4)',
      request: { body: jsonBody(registerRequestSchema) },
      responses: {
        200: { description: 'Registered', content: { 'application/json': { schema: envelopeSchema(registeredSchema) } } },
        ...errorResponses,
        ...conflictResponse,
      },
    }),
    async (c) => ok(c, await registerCandidate(c.get('deps'), c.req.valid('json'), c.get('lang')), 'account.registered'),
  )
  .openapi(
    passwordChangeRoute({
      method: 'post',
      path: '/account/change-password',
      summary: 'Change the password (also the way out of a temporary password)',
      request: { body: jsonBody(changePasswordSchema) },
      responses: { 200: { description: 'Changed', content: { 'application/json': { schema: envelopeSchema(z.null()) } } }, ...errorResponses },
    }),
    async (c) => {
      const auth = c.get('auth');
      const body = c.req.valid('json');
      await changePassword(c.get('deps'), {
        userId: auth.userId,
        familyId: auth.familyId,
        oldPassword: body.oldPassword,
        newPassword: body.newPassword,
        lang: c.get('lang'),
        address: getClientAddress(c),
      });
      return ok(c, null, 'auth.passwordChanged');
    },
  )
  .openapi(
    publicRoute({
      method: 'post',
      path: '/account/forgot-password',
      summary: 'Forgot password: e-mails a single-use link to /change/password/{token}',
      request: { body: jsonBody(forgotPasswordSchema) },
      responses: { 200: { description: 'Always the same answer', content: { 'application/json': { schema: envelopeSchema(z.null()) } } }, ...errorResponses },
    }),
    async (c) => {
      await requestPasswordReset(c.get('deps'), c.req.valid('json').login);
      return ok(c, null, 'account.resetLinkSent');
    },
  )
  .openapi(
    publicRoute({
      method: 'get',
      path: '/account/reset-token/{token}',
      summary: 'Whether a password link is still valid',
      request: { params: z.object({ token: passwordTokenSchema }) },
      responses: {
        200: { description: 'Valid', content: { 'application/json': { schema: envelopeSchema(z.object({ valid: z.literal(true), username: z.string() })) } } },
        ...errorResponses,
      },
    }),
    async (c) => ok(c, await checkResetToken(c.get('deps').db, c.req.valid('param').token), 'account.resetLinkValid'),
  )
  .openapi(
    publicRoute({
      method: 'post',
      path: '/account/reset-password',
      summary: 'Set a new password with a link token (signed in or out); ends every session',
      request: { body: jsonBody(resetPasswordSchema) },
      responses: { 200: { description: 'Changed', content: { 'application/json': { schema: envelopeSchema(z.null()) } } }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      await resetPassword(c.get('deps'), { token: body.token, newPassword: body.newPassword, lang: c.get('lang') });
      return ok(c, null, 'account.passwordReset');
    },
  )
  .openapi(
    publicRoute({
      method: 'post',
      path: '/account/request-new-password',
      summary: 'Request a new password (a new temporary password, or a link once one was set)',
      request: { body: jsonBody(requestNewPasswordSchema) },
      responses: { 200: { description: 'Always the same answer', content: { 'application/json': { schema: envelopeSchema(z.null()) } } }, ...errorResponses },
    }),
    async (c) => {
      await requestNewPassword(c.get('deps'), c.req.valid('json').login);
      return ok(c, null, 'account.newPasswordSent');
    },
  )
  .openapi(
    publicRoute({
      method: 'post',
      path: '/account/recovery/start',
      summary: '/exisiting-user: sends a code by SMS to the mobile of the matching account',
      request: { body: jsonBody(recoveryStartSchema) },
      responses: {
        200: {
          // Never a masked mobile number: that would tell the caller the details matched an account.
          description: 'Always the same answer, with empty data',
          content: { 'application/json': { schema: envelopeSchema(z.object({})) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      await startRecovery(c.get('deps'), c.req.valid('json'));
      return ok(c, {}, 'account.recoveryCodeSent');
    },
  )
  .openapi(
    publicRoute({
      method: 'post',
      path: '/account/recovery/verify',
      summary: '/exisiting-user: with the SMS code, moves the account to a new e-mail and sends a temporary password there',
      request: { body: jsonBody(recoveryVerifySchema) },
      responses: {
        200: { description: 'Recovered', content: { 'application/json': { schema: envelopeSchema(z.null()) } } },
        ...errorResponses,
        ...conflictResponse,
      },
    }),
    async (c) => {
      await verifyRecovery(c.get('deps'), { ...c.req.valid('json'), lang: c.get('lang') });
      return ok(c, null, 'account.recovered');
    },
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/account/deactivate',
      summary: 'Deactivate this account (spec §2 /deactivate-account); ends every session',
      request: { body: jsonBody(deactivateAccountSchema) },
      responses: { 200: { description: 'Deactivated', content: { 'application/json': { schema: envelopeSchema(z.null()) } } }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      await deactivateAccount(c.get('deps'), {
        userId: c.get('auth').userId,
        password: body.password,
        reason: body.reason,
        lang: c.get('lang'),
        requestId: c.get('requestId'),
        ipAddress: getClientAddress(c),
      });
      return ok(c, null, 'account.deactivated');
    },
  );
