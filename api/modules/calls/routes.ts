import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import {
  CALL_ENTITY_TYPES,
  CALL_MESSAGES,
  callFeedbackBodySchema,
  initiateCallAnswerSchema,
  initiateCallBodySchema,
  phoneCallListSchema,
  phoneCallSchema,
  phoneParamsSchema,
  recordCallBodySchema,
  sandboxCallStateSchema,
  type CallEntityType,
} from "#contract/calls";
import { invalid, notFound } from "#api/http/errors";
import { idFilter, idParams } from "#api/http/ids";
import { paged, textFilter } from "#api/http/paging";
import { routes, type RoutesOptions } from "#api/http/route";
import { ANY_VIEW } from "../clients/records";
import * as service from "./service";

/** The API's address as the voice provider reaches it (its webhooks are signed over the full URL). */
const publicUrl = (request: FastifyRequest) =>
  `${request.server.config.API_PUBLIC_URL?.replace(/\/+$/, "") ?? `${request.protocol}://${request.host}`}${request.url}`;

const callRoutes = routes((r) => {
  const ttl = (request: FastifyRequest) => request.server.config.VOICE_TOKEN_TTL_SECONDS;

  /** The initiate-call request: answers data.access_token and data.phone_call (id, name, to). */
  r.post(
    "/calls/initiate",
    { access: { permissions: ANY_VIEW }, body: initiateCallBodySchema, response: initiateCallAnswerSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      const data = await service.initiateCall(request.server.database.db, request.server.voice, ttl(request), auth, body.entity_type, body.entity_id);
      reply.code(201);
      return { data };
    },
  );

  /** POST /phone/{entityType}/{entityId}: the spec's other wrapper of the initiate-call request. */
  r.post(
    "/phone/:entityType/:entityId",
    { access: { permissions: ANY_VIEW }, params: phoneParamsSchema, response: initiateCallAnswerSchema, status: 201 },
    async ({ auth, params, request, reply }) => {
      const data = await service.initiateCall(request.server.database.db, request.server.voice, ttl(request), auth, params.entityType, params.entityId);
      reply.code(201);
      return { data };
    },
  );

  r.post("/calls/token", { access: { permissions: ANY_VIEW }, summary: "A fresh voice access token for the caller's device" }, async ({ auth, request }) => ({
    data: await service.refreshToken(request.server.database.db, request.server.voice, ttl(request), auth),
  }));

  r.post(
    "/calls/record",
    {
      access: { permissions: ANY_VIEW },
      body: recordCallBodySchema,
      response: z.object({ data: phoneCallSchema }),
      status: 201,
      summary: "Record a call made with the device's own dialler",
    },
    async ({ auth, body, request, reply }) => {
      reply.code(201);
      return { data: await service.recordPhoneCall(request.server.database.db, auth, body.entity_type, body.entity_id) };
    },
  );

  /** GET /calls?filter[entity_type]=individual&filter[entity_id]=12: the record's call log, newest first. */
  r.get(
    "/calls",
    { access: { permissions: ANY_VIEW }, query: listQuerySchema({ maxSize: 100 }), response: phoneCallListSchema },
    async ({ auth, query, request }) => {
      const type = textFilter(query, "entity_type");
      const id = idFilter(query, "entity_id");
      const errors: Record<string, string[]> = {};
      if (!type || !(CALL_ENTITY_TYPES as readonly string[]).includes(type)) errors["filter.entity_type"] = [CALL_MESSAGES.entityType];
      if (id === undefined) errors["filter.entity_id"] = ["Choose whose calls to list."];
      if (Object.keys(errors).length) throw invalid(errors);
      const { rows, total } = await service.listCalls(request.server.database.db, auth, type as CallEntityType, id!, query);
      return paged(request, query, rows, total);
    },
  );

  r.get(
    "/calls/:id",
    { access: { permissions: ANY_VIEW }, params: idParams, response: z.object({ data: phoneCallSchema }) },
    async ({ auth, params, request }) => ({
      data: await service.getCall(request.server.database.db, auth, params.id),
    }),
  );

  r.get(
    "/calls/:id/sandbox-events",
    { access: { permissions: ANY_VIEW }, params: idParams, response: sandboxCallStateSchema, summary: "The voice sandbox's events of a call so far" },
    async ({ auth, params, request }) => ({ data: await service.sandboxState(request.server.database.db, auth, params.id) }),
  );

  r.post(
    "/calls/:id/terminate",
    { access: { permissions: ANY_VIEW }, params: idParams, response: z.object({ data: phoneCallSchema }) },
    async ({ auth, params, request }) => ({
      data: await service.terminateCall(request.server.database.db, auth, params.id),
    }),
  );

  r.post(
    "/calls/:id/feedback",
    { access: { permissions: ANY_VIEW }, params: idParams, body: callFeedbackBodySchema, response: z.object({ data: phoneCallSchema }) },
    async ({ auth, params, body, request }) => ({ data: await service.callFeedback(request.server.database.db, auth, params.id, body.score, body.issue) }),
  );

  const webhookQuery = z.object({ phone_call_id: z.coerce.number().int().positive() });
  const webhookBody = z.record(z.string(), z.string());

  /** Twilio asks what to do with a call a device placed: dial the call's number (signed by Twilio). */
  r.post(
    "/voice/twilio/twiml",
    { access: { public: true }, query: webhookQuery, body: webhookBody, responseType: "text/xml", summary: "Twilio's voice webhook" },
    async ({ query, body, request, reply }) => {
      const voice = request.server.voice;
      if (voice.kind !== "twilio" || !voice.validateWebhook(publicUrl(request), body, request.headers["x-twilio-signature"] as string | undefined))
        throw notFound();
      const call = await service.twilioCallToDial(request.server.database.db, query.phone_call_id);
      const status = `${publicUrl(request).replace(/\/twiml\?.*$/, "/status")}?phone_call_id=${call.id}`;
      reply.type("text/xml");
      return voice.dialTwiml(call.toNumber, status);
    },
  );

  /** Twilio's status callback: ringing, answered, ended (signed by Twilio). */
  r.post(
    "/voice/twilio/status",
    { access: { public: true }, query: webhookQuery, body: webhookBody, summary: "Twilio's call status callback" },
    async ({ query, body, request, reply }) => {
      const voice = request.server.voice;
      if (voice.kind !== "twilio" || !voice.validateWebhook(publicUrl(request), body, request.headers["x-twilio-signature"] as string | undefined))
        throw notFound();
      await service.applyTwilioStatus(request.server.database.db, query.phone_call_id, body);
      reply.code(204);
    },
  );
});

/** The calls module: its routes and, for Twilio's webhooks only (in this module's scope), form bodies. */
export default async function callsModule(app: FastifyInstance, options: RoutesOptions) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await callRoutes(app, options);
}
