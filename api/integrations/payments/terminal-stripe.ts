import type Stripe from "stripe";
import { stripeSdk, translate, type StripePaymentsOptions } from "./stripe";
import type { PresentedCard, ProviderLocation, ProviderReader, TerminalAddress, TerminalProvider } from "./terminal-types";
import { PaymentRequestError, type CallOptions, type ProviderIntent } from "./types";

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof pi.latest_charge === "object" && pi.latest_charge ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card_present ?? charge?.payment_method_details?.card ?? null;
  const error = pi.last_payment_error;
  return {
    id: pi.id,
    status: pi.status as ProviderIntent["status"],
    amountPence: pi.amount,
    currency: pi.currency,
    card: card ? { brand: card.brand ?? "card", last4: card.last4 ?? "" } : null,
    failure:
      error && pi.status === "requires_payment_method"
        ? { code: error.code ?? "card_declined", declineCode: error.decline_code ?? undefined, message: error.message ?? "Your card was declined." }
        : null,
    test: !pi.livemode,
  };
}

function toLocation(l: Stripe.Terminal.Location): ProviderLocation {
  return {
    id: l.id,
    displayName: l.display_name,
    address: {
      line1: l.address.line1 ?? "",
      line2: l.address.line2 ?? null,
      city: l.address.city ?? "",
      postalCode: l.address.postal_code ?? "",
      country: "GB",
    },
  };
}

function toReader(r: Stripe.Terminal.Reader | Stripe.Terminal.DeletedReader): ProviderReader {
  if ("deleted" in r && r.deleted) throw new PaymentRequestError(`No such terminal.reader: '${r.id}'`, "resource_missing");
  const reader = r as Stripe.Terminal.Reader;
  const action = reader.action;
  const intent = action?.process_payment_intent?.payment_intent;
  return {
    id: reader.id,
    label: reader.label,
    locationId: typeof reader.location === "string" ? reader.location : (reader.location?.id ?? ""),
    deviceType: reader.device_type,
    serialNumber: reader.serial_number,
    status: reader.status === "online" ? "online" : "offline",
    action: action
      ? {
          status: action.status === "succeeded" ? "succeeded" : action.status === "failed" ? "failed" : "in_progress",
          paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
          failureCode: action.failure_code ?? null,
          failureMessage: action.failure_message ?? null,
        }
      : null,
    simulated: reader.device_type.startsWith("simulated_"),
  };
}

const address = (a: TerminalAddress) => ({
  line1: a.line1,
  ...(a.line2 ? { line2: a.line2 } : {}),
  city: a.city,
  postal_code: a.postalCode,
  country: a.country,
});

/**
 * Stripe Terminal through the official `stripe` package: locations, readers, connection tokens and server-driven
 * payments (`terminal.readers.processPaymentIntent`). The idempotency key of each call goes as Stripe's
 * Idempotency-Key, so a call sent again after an outage acts once. Presenting a test card uses Stripe's test
 * helper (`test_helpers/terminal/readers/{id}/present_payment_method`), which works on simulated readers in test mode.
 */
export class StripeTerminal implements TerminalProvider {
  readonly kind = "stripe" as const;
  readonly label = "Stripe Terminal";
  readonly simulated: boolean;
  private readonly stripe: Stripe;

  constructor(secretKey: string, options: StripePaymentsOptions = {}) {
    this.simulated = secretKey.startsWith("sk_test_");
    this.stripe = new (stripeSdk())(secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
      appInfo: { name: "business-portal" },
    });
  }

  private opts(options: Partial<CallOptions>): Stripe.RequestOptions {
    return {
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      ...(options.account ? { stripeAccount: options.account } : {}),
    };
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      translate(error);
    }
  }

  createLocation(input: { displayName: string; address: TerminalAddress }, options: CallOptions) {
    return this.call(async () =>
      toLocation(await this.stripe.terminal.locations.create({ display_name: input.displayName, address: address(input.address) }, this.opts(options))),
    );
  }

  updateLocation(id: string, input: { displayName: string; address: TerminalAddress }, options: CallOptions) {
    return this.call(async () => {
      const l = await this.stripe.terminal.locations.update(id, { display_name: input.displayName, address: address(input.address) }, this.opts(options));
      if ("deleted" in l && l.deleted) throw new PaymentRequestError(`No such terminal.location: '${id}'`, "resource_missing");
      return toLocation(l as Stripe.Terminal.Location);
    });
  }

  async deleteLocation(id: string, options: CallOptions) {
    await this.call(() => this.stripe.terminal.locations.del(id, {}, this.opts(options)));
  }

  registerReader(input: { registrationCode: string; label: string; locationId: string }, options: CallOptions) {
    return this.call(async () =>
      toReader(
        await this.stripe.terminal.readers.create(
          { registration_code: input.registrationCode, label: input.label, location: input.locationId },
          this.opts(options),
        ),
      ),
    );
  }

  retrieveReader(id: string) {
    return this.call(async () => toReader(await this.stripe.terminal.readers.retrieve(id)));
  }

  async deleteReader(id: string, options: CallOptions) {
    await this.call(() => this.stripe.terminal.readers.del(id, {}, this.opts(options)));
  }

  connectionToken(input: { locationId?: string }, options: CallOptions) {
    return this.call(async () => {
      const t = await this.stripe.terminal.connectionTokens.create(input.locationId ? { location: input.locationId } : {}, this.opts(options));
      return { secret: t.secret };
    });
  }

  createIntent(input: { amountPence: number; description: string; metadata: Record<string, string> }, options: CallOptions) {
    return this.call(async () =>
      toIntent(
        await this.stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: "gbp",
            allowed_payment_method_types: ["card_present"],
            capture_method: "manual",
            description: input.description,
            metadata: input.metadata,
          },
          this.opts(options),
        ),
      ),
    );
  }

  retrieveIntent(id: string) {
    return this.call(async () => toIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] })));
  }

  processPaymentIntent(readerId: string, intentId: string, options: CallOptions) {
    return this.call(async () => toReader(await this.stripe.terminal.readers.processPaymentIntent(readerId, { payment_intent: intentId }, this.opts(options))));
  }

  captureIntent(id: string, options: CallOptions) {
    return this.call(async () => toIntent(await this.stripe.paymentIntents.capture(id, { expand: ["latest_charge"] }, this.opts(options))));
  }

  cancelIntent(id: string, options: CallOptions) {
    return this.call(async () => toIntent(await this.stripe.paymentIntents.cancel(id, {}, this.opts(options))));
  }

  cancelReaderAction(readerId: string, options: CallOptions) {
    return this.call(async () => toReader(await this.stripe.terminal.readers.cancelAction(readerId, {}, this.opts(options))));
  }

  presentTestCard(readerId: string, card: PresentedCard, options: CallOptions) {
    if (!this.simulated) return Promise.reject(new PaymentRequestError("Test cards can only be presented in test mode.", "livemode_mismatch"));
    return this.call(async () =>
      toReader(
        await this.stripe.testHelpers.terminal.readers.presentPaymentMethod(
          readerId,
          { type: "card_present", card_present: { number: card.number.replace(/[\s-]/g, "") } },
          this.opts(options),
        ),
      ),
    );
  }
}
