import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import {
  connectionTokenSchema,
  locationBodySchema,
  locationListSchema,
  locationResponseSchema,
  payableInvoicesSchema,
  pinStatusSchema,
  presentCardBodySchema,
  readerBodySchema,
  readerKeyBodySchema,
  readerKeyListSchema,
  readerKeyResponseSchema,
  readerListSchema,
  readerResponseSchema,
  terminalPaymentBodySchema,
  terminalPaymentResponseSchema,
  unlockBodySchema,
  unlockResponseSchema,
} from "#contract/terminal-app";
import { idParams, pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { terminalFor } from "#api/integrations/payments";
import * as service from "./service";

/**
 * Permissions (docs/decisions/027-terminal-app.md): terminal_view sees; terminal_manage changes locations, reader keys
 * and readers; terminal_request or terminal_manage takes payments (and so unlocks the reader screen with a PIN).
 */
const VIEW = { permissions: ["terminal_view", "terminal_manage", "terminal_request"] as const };
const MANAGE = { permissions: ["terminal_manage"] as const };
const TAKE = { permissions: ["terminal_request", "terminal_manage"] as const };

const terminal = (request: FastifyRequest) => terminalFor(request.server.database, request.server.config);
const tokenBody = z.object({ location_id: pathId.optional() });

export default routes((r) => {
  // ---------------------------------------------------------------------------------------------- locations
  r.get(
    "/terminal-app/locations",
    { access: VIEW, query: listQuerySchema({ maxSize: 100 }), response: locationListSchema },
    async ({ auth, query, request }) => {
      const { rows, total } = await service.listLocations(request.server.database.db, auth.tenantId, query);
      return paged(request, query, rows, total);
    },
  );
  r.get("/terminal-app/locations/:id", { access: VIEW, params: idParams, response: locationResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getLocation(request.server.database.db, auth.tenantId, params.id),
  }));
  r.post(
    "/terminal-app/locations",
    { access: MANAGE, body: locationBodySchema, response: locationResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      reply.code(201);
      return { data: await service.createLocation(request.server.database, terminal(request), auth.tenantId, body) };
    },
  );
  r.put(
    "/terminal-app/locations/:id",
    { access: MANAGE, params: idParams, body: locationBodySchema, response: locationResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.updateLocation(request.server.database, terminal(request), auth.tenantId, params.id, body),
    }),
  );
  r.delete("/terminal-app/locations/:id", { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
    await service.deleteLocation(request.server.database, terminal(request), auth.tenantId, params.id);
  });

  // ---------------------------------------------------------------------------------------------- reader keys
  r.get(
    "/terminal-app/reader-keys",
    { access: VIEW, query: listQuerySchema({ maxSize: 100 }), response: readerKeyListSchema },
    async ({ auth, query, request }) => {
      const { rows, total } = await service.listReaderKeys(request.server.database.db, auth.tenantId, query);
      return paged(request, query, rows, total);
    },
  );
  r.get("/terminal-app/reader-keys/:id", { access: VIEW, params: idParams, response: readerKeyResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getReaderKey(request.server.database.db, auth.tenantId, params.id),
  }));
  /** A reader key: its password and password confirmation must match; the password is kept hashed. */
  r.post(
    "/terminal-app/reader-keys",
    { access: MANAGE, body: readerKeyBodySchema, response: readerKeyResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      reply.code(201);
      return { data: await service.saveReaderKey(request.server.database.db, auth.tenantId, null, body) };
    },
  );
  /** An empty password keeps the one the key has. */
  r.put(
    "/terminal-app/reader-keys/:id",
    { access: MANAGE, params: idParams, body: readerKeyBodySchema, response: readerKeyResponseSchema },
    async ({ auth, params, body, request }) => ({ data: await service.saveReaderKey(request.server.database.db, auth.tenantId, params.id, body) }),
  );
  r.delete("/terminal-app/reader-keys/:id", { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
    await service.deleteReaderKey(request.server.database.db, auth.tenantId, params.id);
  });

  // ---------------------------------------------------------------------------------------------- readers
  r.get("/terminal-app/readers", { access: VIEW, query: listQuerySchema({ maxSize: 100 }), response: readerListSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listReaders(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });
  r.get("/terminal-app/readers/:id", { access: VIEW, params: idParams, response: readerResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getReader(request.server.database.db, auth.tenantId, params.id),
  }));
  /** Registers a reader to a location with the code it shows (sandbox: simulated-wpe, simulated-wp3). */
  r.post(
    "/terminal-app/readers",
    { access: MANAGE, body: readerBodySchema, response: readerResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      reply.code(201);
      return { data: await service.registerReader(request.server.database, terminal(request), auth.tenantId, body) };
    },
  );
  r.delete("/terminal-app/readers/:id", { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
    await service.deleteReader(request.server.database, terminal(request), auth.tenantId, params.id);
  });

  /** A connection token for the reader SDK in the browser (Stripe Terminal's JS SDK), limited to a location when given. */
  r.post(
    "/terminal-app/connection-token",
    { access: TAKE, body: tokenBody, response: connectionTokenSchema, summary: "Connection token for the reader SDK" },
    async ({ auth, body, request }) => ({
      data: await service.connectionToken(request.server.database, terminal(request), auth.tenantId, body.location_id),
    }),
  );

  // ---------------------------------------------------------------------------------------------- PIN gate
  r.get("/terminal-app/pin", { access: TAKE, response: pinStatusSchema, summary: "Whether the reader screen's PIN can be used" }, async ({ auth, request }) => {
    const t = terminal(request);
    return { data: { ...(await service.pinStatus(request.server.database.db, auth.userId)), provider: t.kind, simulated: t.simulated } };
  });
  /** The user's profile PIN unlocks the reader screen for a few minutes; wrong PINs are throttled (429). */
  r.post(
    "/terminal-app/unlock",
    { access: TAKE, body: unlockBodySchema, response: unlockResponseSchema, summary: "Unlock the reader screen with the PIN" },
    async ({ auth, body, request }) => ({ data: await service.unlock(request.server.database.db, auth, body.pin) }),
  );

  // ---------------------------------------------------------------------------------------------- payments
  r.get(
    "/terminal-app/invoices",
    { access: TAKE, response: payableInvoicesSchema, summary: "Sent invoices not paid, to take at a reader" },
    async ({ auth, request }) => ({
      data: await service.payableInvoices(request.server.database.db, auth.tenantId),
    }),
  );
  /**
   * Starts an in-person payment on a reader (an amount, or a sent invoice's total); needs an unlock token. The same
   * `idempotency_key` again resumes the same payment: a card is charged once.
   */
  r.post(
    "/terminal-app/payments",
    { access: TAKE, body: terminalPaymentBodySchema, response: terminalPaymentResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      reply.code(201);
      return { data: await service.startPayment(request.server.database, terminal(request), auth, body) };
    },
  );
  /** The payment as it is now (asked at the provider while it waits for a card): poll it. */
  r.get("/terminal-app/payments/:id", { access: TAKE, params: idParams, response: terminalPaymentResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.refreshPayment(request.server.database, terminal(request), auth.tenantId, params.id),
  }));
  r.put(
    "/terminal-app/payments/:id/cancel",
    { access: TAKE, params: idParams, response: terminalPaymentResponseSchema, summary: "Cancel a payment on the reader" },
    async ({ auth, params, request }) => ({
      data: await service.cancelTerminalPayment(request.server.database, terminal(request), auth.tenantId, params.id),
    }),
  );
  /** Sandbox and test mode: the customer presents a test card on the simulated reader. */
  r.post(
    "/terminal-app/payments/:id/present-card",
    { access: TAKE, params: idParams, body: presentCardBodySchema, response: terminalPaymentResponseSchema, summary: "Present a test card (simulated reader)" },
    async ({ auth, params, body, request }) => ({
      data: await service.presentTestCard(request.server.database, terminal(request), auth.tenantId, params.id, body.number),
    }),
  );
});
