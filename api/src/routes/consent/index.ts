/**
 * POST /consent: the cookie notice's "Godta" as a plain HTML form (SPEC §4 cookie consent), for a shopper whose page
 * has not hydrated yet or runs no JavaScript. It sets the very cookie the notice's script sets (`consentCookie`,
 * @shop/contracts/constants: cookiesAccepted=true, about a year, path /) and answers 303 back to the page that posted
 * it (`return`, a path on this site only: server/formReturn.ts), whose server render then shows no notice.
 * A form cannot send the X-CSRF-TOKEN header: it carries the session's token in its `_csrf` field, and the post must
 * come from a page of this site (server/session.ts, `takesForm`). The consent value is checked here: "accepted" is
 * the one the notice asks for (anything else is 400 and sets nothing).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CONSENT_FORM, consentCookie, FORM_CSRF_FIELD } from '@shop/contracts/constants';
import { FORM_RETURN_MAX, formReturnPath } from '../../server/formReturn.js';
import { errorResponses } from '../shared/schema.js';

export const ConsentBody = Type.Object({
  [CONSENT_FORM.consentField]: Type.Literal(CONSENT_FORM.accepted, { description: 'The consent given: "accepted" (the notice\'s "Godta")' }),
  [CONSENT_FORM.returnField]: Type.Optional(
    Type.String({ maxLength: FORM_RETURN_MAX, description: 'The page to go back to: a path on this site (anything else goes to /)' }),
  ),
  [FORM_CSRF_FIELD]: Type.Optional(Type.String({ maxLength: 200, description: "The session's CSRF token, when posted as a form (instead of X-CSRF-TOKEN)" })),
});

/** The notice's form body: `a=1&b=2`, each field once (a repeated field keeps its last value, as in the schema). */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export const consentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // This plugin's routes only (Fastify scopes content-type parsers to the plugin): the API takes JSON elsewhere.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });

  app.post(
    CONSENT_FORM.action.replace(/^\/api\/v1/, ''),
    {
      config: { takesForm: true },
      schema: {
        tags: ['consent'],
        summary: 'Accept cookies (the notice as a form): sets the consent cookie, 303 back to the page',
        body: ConsentBody,
        response: { 303: Type.Null({ description: 'Back to `return` (a path on this site), with Set-Cookie: cookiesAccepted=true' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const secure = app.secureCookies || request.protocol === 'https';
      return reply
        .header('set-cookie', consentCookie(secure))
        .header('cache-control', 'no-store')
        .redirect(formReturnPath(request.body[CONSENT_FORM.returnField]), 303);
    },
  );
};
