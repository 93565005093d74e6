import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "#api/db/client";
import { paymentSandboxIdempotency, paymentSandboxObjects, terminalSandboxObjects } from "#api/db/schema";
import { isUniqueViolation } from "#api/lib/db-errors";
import { cardDigits, DECLINE_MESSAGES, luhnValid, testCardFor, type TestCard } from "./test-cards";
import {
  SIMULATED_REGISTRATION_CODES,
  type PresentedCard,
  type ProviderLocation,
  type ProviderReader,
  type TerminalAddress,
  type TerminalProvider,
} from "./terminal-types";
import { PaymentProviderUnavailable, PaymentRequestError, type CallOptions, type ProviderIntent } from "./types";

type Q = Tx | Database["db"];

/** A payment intent as the payments sandbox keeps it (so its refunds go through SandboxPayments unchanged). */
interface IntentData extends ProviderIntent {
  account: string;
  description: string;
  capture: "automatic" | "manual";
  refundBehaviour: TestCard["refund"];
  refundedPence: number;
}

interface LocationData extends ProviderLocation {
  account: string;
  deleted?: boolean;
}

interface ReaderData extends ProviderReader {
  account: string;
  deleted?: boolean;
}

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString("base64url")}`;
const publicIntent = ({ id, status, amountPence, currency, card, failure }: IntentData): ProviderIntent => ({
  id,
  status,
  amountPence,
  currency,
  card,
  failure,
  test: true,
});
const publicReader = ({ id, label, locationId, deviceType, serialNumber, status, action, simulated }: ReaderData): ProviderReader => ({
  id,
  label,
  locationId,
  deviceType,
  serialNumber,
  status,
  action,
  simulated,
});
const publicLocation = ({ id, displayName, address }: LocationData): ProviderLocation => ({ id, displayName, address });

/**
 * The card-terminal sandbox: Stripe Terminal's simulated readers with nothing sent anywhere. Locations and readers
 * live in `terminal_sandbox_objects`, payment intents beside the payments sandbox's (`payment_sandbox_objects`), so a
 * terminal payment is refunded like any other. Registration codes `simulated-wpe`, `simulated-wp3` make simulated
 * readers (always online). A payment handed to a reader waits until a test card is presented
 * (presentTestCard, as Stripe's test helper `present_payment_method`): 4242 4242 4242 4242 is approved (the intent
 * becomes requires_capture), 4000 0000 0000 0002 is declined (card_declined), 4000 0000 0000 9995 insufficient
 * funds, 4000 0000 0000 0069 expired card. Each call's answer is kept under its idempotency key, as Stripe does.
 */
export class SandboxTerminal implements TerminalProvider {
  readonly kind = "sandbox" as const;
  readonly label = "Sandbox (simulated readers: no money moved)";
  readonly simulated = true;
  private outage: { when: "before" | "after"; calls: number } | null = null;

  constructor(private readonly database: Database) {}

  /** Test hook: the next calls fail as an outage would, before or after the sandbox acted. */
  simulateOutage(when: "before" | "after", calls = 1) {
    this.outage = { when, calls };
  }

  private outageNow(when: "before" | "after") {
    if (!this.outage || this.outage.when !== when || this.outage.calls <= 0) return;
    this.outage.calls -= 1;
    if (this.outage.calls === 0) this.outage = null;
    throw new PaymentProviderUnavailable("The card-terminal sandbox did not answer (a simulated outage).");
  }

  /** Runs a call once per idempotency key: the same key and parameters answer the kept answer. */
  private async once<T>(operation: string, params: unknown, options: CallOptions, act: (tx: Tx, account: string) => Promise<T>): Promise<T> {
    this.outageNow("before");
    const account = options.account ?? "platform";
    const key = `${account}:terminal:${options.idempotencyKey}`;
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([operation, params]))
      .digest("hex");
    const replay = async () => {
      const [kept] = await this.database.db.select().from(paymentSandboxIdempotency).where(eq(paymentSandboxIdempotency.key, key));
      if (!kept) return undefined;
      if (kept.fingerprint !== fingerprint) {
        throw new PaymentRequestError(
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          "idempotency_key_in_use",
        );
      }
      if (kept.failed) {
        const e = kept.response as { message: string; code: string };
        throw new PaymentRequestError(e.message, e.code);
      }
      return (kept.response as { value: T }).value;
    };
    const first = await replay();
    if (first !== undefined) {
      this.outageNow("after");
      return first;
    }
    let answer: { value: T } | { refused: PaymentRequestError };
    try {
      answer = await this.database.transaction(async (tx) => {
        try {
          const value = await act(tx, account);
          await tx.insert(paymentSandboxIdempotency).values({ key, fingerprint, response: { value: value ?? null } });
          return { value };
        } catch (error) {
          if (!(error instanceof PaymentRequestError)) throw error;
          await tx.insert(paymentSandboxIdempotency).values({ key, fingerprint, response: { message: error.message, code: error.code }, failed: true });
          return { refused: error };
        }
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const kept = await replay();
      if (kept === undefined) throw error;
      answer = { value: kept };
    }
    if ("refused" in answer) throw answer.refused;
    this.outageNow("after");
    return answer.value;
  }

  private async loadObject<T extends { account: string; deleted?: boolean }>(q: Q, id: string, kind: "location" | "reader", account: string): Promise<T> {
    const [row] = await q.select().from(terminalSandboxObjects).where(eq(terminalSandboxObjects.id, id));
    const data = row?.data as T | undefined;
    if (!row || row.kind !== kind || !data || data.account !== account || data.deleted) {
      throw new PaymentRequestError(`No such ${kind === "reader" ? "terminal.reader" : "terminal.location"}: '${id}'`, "resource_missing");
    }
    return data;
  }

  private async saveObject(q: Q, data: LocationData | ReaderData) {
    await q.update(terminalSandboxObjects).set({ data, updatedAt: new Date() }).where(eq(terminalSandboxObjects.id, data.id));
  }

  private async loadIntent(q: Q, id: string, account: string): Promise<IntentData> {
    const [row] = await q.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.id, id));
    const data = row?.data as IntentData | undefined;
    if (!row || row.kind !== "payment_intent" || !data || data.account !== account) {
      throw new PaymentRequestError(`No such payment_intent: '${id}'`, "resource_missing");
    }
    return data;
  }

  private async saveIntent(q: Q, data: IntentData) {
    await q.update(paymentSandboxObjects).set({ data, updatedAt: new Date() }).where(eq(paymentSandboxObjects.id, data.id));
  }

  // ---------------------------------------------------------------------------------------------- locations

  createLocation(input: { displayName: string; address: TerminalAddress }, options: CallOptions) {
    return this.once("createLocation", input, options, async (tx, account) => {
      const data: LocationData = { id: newId("tml"), account, displayName: input.displayName, address: input.address };
      await tx.insert(terminalSandboxObjects).values({ id: data.id, kind: "location", data });
      return publicLocation(data);
    });
  }

  updateLocation(id: string, input: { displayName: string; address: TerminalAddress }, options: CallOptions) {
    return this.once("updateLocation", { id, ...input }, options, async (tx, account) => {
      const data = await this.loadObject<LocationData>(tx, id, "location", account);
      const next = { ...data, displayName: input.displayName, address: input.address };
      await this.saveObject(tx, next);
      return publicLocation(next);
    });
  }

  async deleteLocation(id: string, options: CallOptions) {
    await this.once("deleteLocation", { id }, options, async (tx, account) => {
      const data = await this.loadObject<LocationData>(tx, id, "location", account);
      await this.saveObject(tx, { ...data, deleted: true });
      return { id, deleted: true };
    });
  }

  // ---------------------------------------------------------------------------------------------- readers

  registerReader(input: { registrationCode: string; label: string; locationId: string }, options: CallOptions) {
    return this.once("registerReader", input, options, async (tx, account) => {
      await this.loadObject<LocationData>(tx, input.locationId, "location", account);
      const deviceType = SIMULATED_REGISTRATION_CODES[input.registrationCode.trim().toLowerCase()];
      if (!deviceType) {
        throw new PaymentRequestError(
          `The registration code is not valid. In the sandbox use one of: ${Object.keys(SIMULATED_REGISTRATION_CODES).join(", ")}.`,
          "terminal_reader_registration_code_invalid",
        );
      }
      const data: ReaderData = {
        id: newId("tmr"),
        account,
        label: input.label,
        locationId: input.locationId,
        deviceType,
        serialNumber: `SIM-${randomBytes(4).toString("hex").toUpperCase()}`,
        status: "online",
        action: null,
        simulated: true,
      };
      await tx.insert(terminalSandboxObjects).values({ id: data.id, kind: "reader", data });
      return publicReader(data);
    });
  }

  async retrieveReader(id: string) {
    this.outageNow("before");
    return publicReader(await this.loadObject<ReaderData>(this.database.db, id, "reader", "platform"));
  }

  async deleteReader(id: string, options: CallOptions) {
    await this.once("deleteReader", { id }, options, async (tx, account) => {
      const data = await this.loadObject<ReaderData>(tx, id, "reader", account);
      await this.saveObject(tx, { ...data, deleted: true });
      return { id, deleted: true };
    });
  }

  connectionToken(input: { locationId?: string }, options: CallOptions) {
    return this.once("connectionToken", input, options, async () => ({ secret: `pst_test_sbx_${randomBytes(18).toString("base64url")}` }));
  }

  // ---------------------------------------------------------------------------------------------- payments

  createIntent(input: { amountPence: number; description: string; metadata: Record<string, string> }, options: CallOptions) {
    return this.once("createIntent", input, options, async (tx, account) => {
      if (!Number.isInteger(input.amountPence) || input.amountPence < 30)
        throw new PaymentRequestError("Amount must be at least £0.30 gbp", "amount_too_small");
      const data: IntentData = {
        id: newId("pi"),
        account,
        description: input.description,
        capture: "manual",
        status: "requires_payment_method",
        amountPence: input.amountPence,
        currency: "gbp",
        card: null,
        failure: null,
        test: true,
        refundBehaviour: "succeeds",
        refundedPence: 0,
      };
      await tx.insert(paymentSandboxObjects).values({ id: data.id, kind: "payment_intent", data });
      return publicIntent(data);
    });
  }

  async retrieveIntent(id: string) {
    this.outageNow("before");
    return publicIntent(await this.loadIntent(this.database.db, id, "platform"));
  }

  processPaymentIntent(readerId: string, intentId: string, options: CallOptions) {
    return this.once("processPaymentIntent", { readerId, intentId }, options, async (tx, account) => {
      const reader = await this.loadObject<ReaderData>(tx, readerId, "reader", account);
      const intent = await this.loadIntent(tx, intentId, account);
      if (intent.status !== "requires_payment_method") {
        throw new PaymentRequestError(`This PaymentIntent's status is ${intent.status}: it cannot be processed.`, "payment_intent_unexpected_state");
      }
      if (reader.action?.status === "in_progress") {
        throw new PaymentRequestError("The reader is busy with another payment. Cancel it on the reader first.", "terminal_reader_busy");
      }
      const next: ReaderData = {
        ...reader,
        action: { status: "in_progress", paymentIntentId: intentId, failureCode: null, failureMessage: null },
      };
      await this.saveObject(tx, next);
      await this.saveIntent(tx, { ...intent, failure: null });
      return publicReader(next);
    });
  }

  captureIntent(id: string, options: CallOptions) {
    return this.once("captureIntent", { id }, options, async (tx, account) => {
      const intent = await this.loadIntent(tx, id, account);
      if (intent.status !== "requires_capture") {
        throw new PaymentRequestError(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
          "payment_intent_unexpected_state",
        );
      }
      const next: IntentData = { ...intent, status: "succeeded" };
      await this.saveIntent(tx, next);
      return publicIntent(next);
    });
  }

  cancelIntent(id: string, options: CallOptions) {
    return this.once("cancelIntent", { id }, options, async (tx, account) => {
      const intent = await this.loadIntent(tx, id, account);
      if (intent.status === "succeeded" || intent.status === "canceled") {
        throw new PaymentRequestError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, "payment_intent_unexpected_state");
      }
      const next: IntentData = { ...intent, status: "canceled" };
      await this.saveIntent(tx, next);
      return publicIntent(next);
    });
  }

  cancelReaderAction(readerId: string, options: CallOptions) {
    return this.once("cancelReaderAction", { readerId }, options, async (tx, account) => {
      const reader = await this.loadObject<ReaderData>(tx, readerId, "reader", account);
      if (reader.action?.status !== "in_progress") {
        throw new PaymentRequestError("This reader is not working on a payment: there is nothing to cancel.", "terminal_reader_action_not_in_progress");
      }
      const next: ReaderData = { ...reader, action: null };
      await this.saveObject(tx, next);
      return publicReader(next);
    });
  }

  presentTestCard(readerId: string, card: PresentedCard, options: CallOptions) {
    return this.once("presentTestCard", { readerId, card }, options, async (tx, account) => {
      const reader = await this.loadObject<ReaderData>(tx, readerId, "reader", account);
      const action = reader.action;
      if (!action || action.status !== "in_progress" || !action.paymentIntentId) {
        throw new PaymentRequestError("This reader is not waiting for a card.", "terminal_reader_not_waiting");
      }
      const intent = await this.loadIntent(tx, action.paymentIntentId, account);
      const digits = cardDigits(card.number);
      const test = digits ? testCardFor(digits) : null;
      let failure: ProviderIntent["failure"] = null;
      if (!digits || !luhnValid(digits) || !test) failure = { code: "incorrect_number", message: "Your card number is incorrect." };
      else if (test.outcome !== "succeeds") failure = DECLINE_MESSAGES[test.outcome];
      const cardInfo = digits && test ? { brand: test.brand, last4: digits.slice(-4) } : null;
      const nextIntent: IntentData = failure
        ? { ...intent, status: "requires_payment_method", failure, card: cardInfo }
        : { ...intent, status: "requires_capture", failure: null, card: cardInfo, refundBehaviour: test!.refund };
      await this.saveIntent(tx, nextIntent);
      const next: ReaderData = {
        ...reader,
        action: failure
          ? { status: "failed", paymentIntentId: intent.id, failureCode: failure.declineCode ?? failure.code, failureMessage: failure.message }
          : { status: "succeeded", paymentIntentId: intent.id, failureCode: null, failureMessage: null },
      };
      await this.saveObject(tx, next);
      return publicReader(next);
    });
  }
}
