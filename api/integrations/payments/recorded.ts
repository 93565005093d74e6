import { PaymentRequestError, type PaymentsProvider, type ProviderIntent } from "./types";

/**
 * A payments provider that answers a payment already taken elsewhere (on a card reader, on the hosted checkout
 * page): creating the payment answers that intent, so the payment is recorded as it is and nothing is sent; every
 * other call is refused (`where` names where it was taken).
 */
export function recordedIntent(provider: Pick<PaymentsProvider, "kind" | "label">, intent: ProviderIntent, where: string): PaymentsProvider {
  const refuse = () => Promise.reject(new PaymentRequestError(`Not used for a payment taken ${where}.`, "unsupported"));
  return {
    kind: provider.kind,
    label: provider.label,
    createPayment: async () => intent,
    cancelPayment: refuse,
    createRefund: refuse,
    retrieveRefund: refuse,
    createCheckout: refuse,
    retrieveCheckout: refuse,
    expireCheckout: refuse,
    listCompletedCheckouts: refuse,
  };
}
