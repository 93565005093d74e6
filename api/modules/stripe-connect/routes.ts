import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import qs from "qs";
import { z } from "zod";
import { CONNECT_STATUS_LABELS, requirementLabel } from "#common/terminal-orders";
import { connectAccountResponseSchema, onboardingLinkBodySchema, onboardingLinkResponseSchema } from "#contract/terminal-orders";
import { notFound } from "#api/http/errors";
import { hostedPageHeaders, hostedUrl, portalOriginOf } from "#api/http/hosted-page";
import { routes } from "#api/http/route";
import { connectFor } from "#api/integrations/payments";
import { SandboxConnect } from "#api/integrations/payments/connect";
import { SANDBOX_ACCOUNT_NUMBER, SANDBOX_SORT_CODE } from "#api/integrations/payments/connect-sandbox";
import { expiredPageHtml, onboardingPageHtml, type OnboardingField, type OnboardingView } from "./onboarding-page";
import * as service from "./service";

const VIEW = { permissions: ["terminal_view", "terminal_manage", "terminal_request"] as const };
const MANAGE = { permissions: ["terminal_manage"] as const };
const tokenParams = z.object({ token: z.string().regex(/^[\w-]{20,64}$/) });

const provider = (request: FastifyRequest) => connectFor(request.server.database, request.server.config);

const SORT_CODE = /^\d{2}-?\d{2}-?\d{2}$/;

/** The onboarding form's fields, checked; blanks are allowed (they stay due). */
function readOnboarding(body: Record<string, unknown>) {
  const text = (k: string, max: number) => (typeof body[k] === "string" ? (body[k] as string).trim().slice(0, max) : "");
  const values = {
    business_name: text("business_name", 200),
    sort_code: text("sort_code", 8),
    account_number: text("account_number", 8),
    first_name: text("first_name", 100),
    last_name: text("last_name", 100),
    accept_terms: body.accept_terms === "yes" ? "yes" : "",
  };
  const errors: Partial<Record<OnboardingField, string>> = {};
  const sortCode = values.sort_code.replace(/-/g, "");
  if (values.sort_code && !SORT_CODE.test(values.sort_code)) errors.sort_code = "Enter a sort code of 6 digits, like 10-88-00.";
  if (values.account_number && !/^\d{8}$/.test(values.account_number)) errors.account_number = "Enter an account number of 8 digits.";
  if (!errors.sort_code && !errors.account_number) {
    if (values.sort_code && !values.account_number) errors.account_number = "Enter the account number with the sort code.";
    else if (!values.sort_code && values.account_number) errors.sort_code = "Enter the sort code with the account number.";
    else if (values.sort_code && (sortCode !== SANDBOX_SORT_CODE || values.account_number !== SANDBOX_ACCOUNT_NUMBER)) {
      errors.account_number = "In the sandbox, use the test bank account: sort code 10-88-00, account number 00012345.";
    }
  }
  return { values, errors, sortCode };
}

const connectRoutes = routes((r) => {
  /** The company's connected account: its state and what onboarding still needs. */
  r.get("/stripe-connect", { access: VIEW, response: connectAccountResponseSchema }, async ({ auth, request }) => ({
    data: await service.connectStatus(request.server.database, provider(request), auth.tenantId),
  }));

  /** A one-time onboarding link (the account is made the first time); the portal sends the user there. */
  r.post(
    "/stripe-connect/onboarding-link",
    { access: MANAGE, body: onboardingLinkBodySchema, response: onboardingLinkResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      // Onboarding returns to the portal's /stripe-connect.
      const returnUrl = `${portalOriginOf(request, body.return_url, "/stripe-connect", "Onboarding returns to the portal's Connect page (/stripe-connect).")}/stripe-connect`;
      const link = await service.onboardingLink(request.server.database, provider(request), auth.tenantId, {
        returnUrl: `${returnUrl}?onboarding=returned`,
        refreshUrl: `${returnUrl}?onboarding=expired`,
      });
      return reply.code(201).send({ data: { ...link, url: hostedUrl(request, link.url) } });
    },
  );

  // ------------------------------------------------------------------ the sandbox's onboarding page

  /** The link's page, or for an expired link `refresh`: where Stripe sends its user (the link's refresh URL); null when unknown. */
  const view = async (request: FastifyRequest, token: string, extra: Partial<OnboardingView> = {}) => {
    const p = provider(request);
    const opened = p instanceof SandboxConnect ? await p.openLink(token) : null;
    if (!opened) return null;
    if (opened.expired) return { refresh: opened.link.refreshUrl, v: null, opened: null };
    const a = opened.account;
    const v: OnboardingView = {
      action: `/connect-sandbox/onboarding/${token}`,
      returnUrl: opened.link.returnUrl,
      status: CONNECT_STATUS_LABELS[a.status],
      missing: a.currentlyDue.map(requirementLabel),
      values: {
        business_name: a.businessName ?? "",
        sort_code: a.sortCode ? a.sortCode.replace(/(\d{2})(?=\d)/g, "$1-") : "",
        account_number: "",
        first_name: a.firstName ?? "",
        last_name: a.lastName ?? "",
        accept_terms: a.currentlyDue.includes("tos_acceptance.date") ? "" : "yes",
      },
      ...extra,
    };
    return { refresh: null, v, opened };
  };

  /**
   * No such link (or a link of the real provider's): a browser is shown a page that says so and where to get a new
   * one; any other caller gets the API's JSON refusal. Both 404.
   */
  const unknownLink = (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.accept?.includes("text/html")) throw notFound("Onboarding link");
    return hostedPageHeaders(reply.code(404)).send(expiredPageHtml());
  };

  r.get(
    "/connect-sandbox/onboarding/:token",
    { access: { public: true }, params: tokenParams, responseType: "text/html", summary: "The Connect sandbox's onboarding form" },
    async ({ params, request, reply }) => {
      const page = await view(request, params.token);
      if (!page) return unknownLink(request, reply);
      if (page.refresh !== null) return reply.redirect(page.refresh, 303);
      return hostedPageHeaders(reply, page.opened.link.returnUrl).send(onboardingPageHtml(page.v));
    },
  );

  r.post(
    "/connect-sandbox/onboarding/:token",
    { access: { public: true }, params: tokenParams, responseType: "text/html", summary: "The Connect sandbox's onboarding form, sent" },
    async ({ params, request, reply }) => {
      const page = await view(request, params.token);
      if (!page) return unknownLink(request, reply);
      // Expired while the form was open: nothing is saved; back to the portal for a new link, as Stripe does.
      if (page.refresh !== null) return reply.redirect(page.refresh, 303);
      const { values, errors, sortCode } = readOnboarding((request.body ?? {}) as Record<string, unknown>);
      if (Object.keys(errors).length) {
        return hostedPageHeaders(reply.code(422), page.opened.link.returnUrl).send(
          onboardingPageHtml({ ...page.v, values, errors, error: "Check the details below." }),
        );
      }
      const p = provider(request) as SandboxConnect;
      const account = await p.submitOnboarding(page.opened.link.accountId, {
        businessName: values.business_name,
        sortCode,
        accountNumber: values.account_number,
        firstName: values.first_name,
        lastName: values.last_name,
        acceptTerms: values.accept_terms === "yes",
      });
      await service.accountChanged(request.server.database, account.id, account);
      return reply.redirect(page.opened.link.returnUrl, 303);
    },
  );
});

/** The routes, and (in their own scope) a parser for the onboarding form, a plain HTML form post. */
export default async function stripeConnectRoutes(app: FastifyInstance, options: { area?: string } = {}) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
    done(null, qs.parse(body as string, { depth: 1, parameterLimit: 20 }));
  });
  await connectRoutes(app, options);
}
